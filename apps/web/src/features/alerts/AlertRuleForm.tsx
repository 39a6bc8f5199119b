import { useState, type FormEvent } from 'react';
import { Button, Group, NumberInput, Select, Stack, Switch, TextInput } from '@mantine/core';
import '@mantine/core/styles/NumberInput.css';
import { ALERT_DURATION_MINUTES, ALERT_METRICS, ALERT_METRIC_LABELS, alertRuleInputSchema, type AlertMetric, type AlertRule, type AlertRuleInput } from '@replay/contracts';
import { validate, type FieldErrors } from '../../lib/form';

const METRIC_OPTIONS = ALERT_METRICS.map((m) => ({ value: m, label: m === 'health' ? 'Health (instance unhealthy)' : `${ALERT_METRIC_LABELS[m]} (%)` }));

const initialOf = (rule: AlertRule | null): AlertRuleInput =>
  rule
    ? { name: rule.name, metric: rule.metric, threshold: rule.threshold, durationMinutes: rule.durationMinutes, mail: rule.mail, enabled: rule.enabled }
    : { name: '', metric: 'cpu', threshold: 80, durationMinutes: 5, mail: true, enabled: true };

/**
 * A rule's fields: what is measured, above which percent, for how many minutes, and whether
 * it also mails. Checked with the contract's own schema before it is sent, so the form and
 * the server refuse the same things with the same words.
 */
export function AlertRuleForm({ rule, saving, readOnly, onSubmit }: { rule: AlertRule | null; saving: boolean; readOnly: boolean; onSubmit: (input: AlertRuleInput) => void }) {
  const [values, setValues] = useState<AlertRuleInput>(() => initialOf(rule));
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = <K extends keyof AlertRuleInput>(key: K, value: AlertRuleInput[K]) => setValues((v) => ({ ...v, [key]: value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const checked = validate(alertRuleInputSchema, values);
    setErrors(checked.errors ?? {});
    if (checked.data) onSubmit(checked.data);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Alert rule">
      <Stack gap="md" maw={480}>
        <TextInput label="Name" required value={values.name} error={errors.name} disabled={readOnly} onChange={(e) => set('name', e.currentTarget.value)} />
        <Select
          label="Metric"
          data={METRIC_OPTIONS}
          value={values.metric}
          allowDeselect={false}
          disabled={readOnly}
          onChange={(m) => {
            const metric = (m ?? 'cpu') as AlertMetric;
            setValues((v) => ({ ...v, metric, threshold: metric === 'health' ? null : (v.threshold ?? 80) }));
          }}
        />
        {values.metric !== 'health' && (
          <NumberInput
            label="Threshold (%)"
            description="Alert when the value is above this."
            min={1}
            max={100}
            allowDecimal={false}
            value={values.threshold ?? ''}
            error={errors.threshold}
            disabled={readOnly}
            onChange={(n) => set('threshold', typeof n === 'number' ? n : null)}
          />
        )}
        <NumberInput
          label="For (minutes)"
          description="How long the condition must hold before the alert fires."
          min={ALERT_DURATION_MINUTES.min}
          max={ALERT_DURATION_MINUTES.max}
          allowDecimal={false}
          value={values.durationMinutes}
          error={errors.durationMinutes}
          disabled={readOnly}
          onChange={(n) => set('durationMinutes', typeof n === 'number' ? n : 0)}
        />
        <Switch label="Also send mail" checked={values.mail} disabled={readOnly} onChange={(e) => set('mail', e.currentTarget.checked)} />
        <Switch label="Enabled" checked={values.enabled} disabled={readOnly} onChange={(e) => set('enabled', e.currentTarget.checked)} />
        {!readOnly && (
          <Group>
            <Button type="submit" loading={saving}>
              {rule ? 'Save' : 'Create Alert Rule'}
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
