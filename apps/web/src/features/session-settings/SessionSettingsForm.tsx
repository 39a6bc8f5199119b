import { useState, type FormEvent } from 'react';
import { Button, Group, NumberInput, Select, SimpleGrid, Stack, Switch } from '@mantine/core';
import '@mantine/core/styles/NumberInput.css';
import { DURATION_OPERATORS, DURATION_UNITS, SESSION_TIMEZONES, sessionSettingsBodySchema, type SessionSettings, type SessionSettingsBody } from '@replay/contracts';
import { HydratedForm } from '../../components/HydratedForm';
import { useSaveSessionSettings } from './api';
import { ConditionSetsEditor, type ConditionDraft } from './ConditionSetsEditor';

interface Props {
  settings: SessionSettings;
  /** EDIT_INSTANCES on every instance: others see the settings only. */
  canEdit: boolean;
}

const SHOWN = [
  { value: 'user', label: "The user's time zone" },
  { value: 'local', label: 'My local time zone' },
];
const UNITS = { sec: 'seconds', min: 'minutes', hour: 'hours' } as const;

const draftOf = (s: SessionSettings): ConditionDraft[] => s.conditionalCapture.map((c) => ({ name: c.name, urlPath: c.urlPath ?? '', userId: c.userId ?? '' }));
const orNull = (text: string) => (text.trim() === '' ? null : text);

/** The session settings form (spec section 4's entity): validated with the API's own schema, so its messages are the server's. */
export function SessionSettingsForm({ settings, canEdit }: Props) {
  const [timezone, setTimezone] = useState<string>(settings.timezone);
  const [shown, setShown] = useState<string>(settings.shownTimezone);
  const [operator, setOperator] = useState<string>(settings.durationFilter.operator);
  const [count, setCount] = useState<number | string>(settings.durationFilter.count);
  const [unit, setUnit] = useState<string>(settings.durationFilter.unit);
  const [rate, setRate] = useState<number | string>(settings.captureRate);
  const [sets, setSets] = useState<ConditionDraft[]>(draftOf(settings));
  const [mouseTrail, setMouseTrail] = useState(settings.mouseTrail);
  const [skipToIssue, setSkipToIssue] = useState(settings.skipToIssue);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveSessionSettings();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      timezone,
      shownTimezone: shown,
      durationFilter: { operator, count: count === '' ? 0 : count, unit },
      // Empty becomes 0 (spec section 5): the schema says so too.
      captureRate: rate === '' ? '' : rate,
      conditionalCapture: sets.map((s) => ({ name: s.name, urlPath: orNull(s.urlPath), userId: orNull(s.userId) })),
      mouseTrail,
      skipToIssue,
    };
    const parsed = sessionSettingsBodySchema.safeParse(body);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      return;
    }
    setErrors({});
    if (rate === '') setRate(0);
    save.mutate(body as SessionSettingsBody);
  };

  const readOnly = !canEdit;
  return (
    <HydratedForm onSubmit={submit}>
      <Stack gap="lg" maw={760}>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select label="Time zone" data={[...SESSION_TIMEZONES]} value={timezone} onChange={(v) => v && setTimezone(v)} allowDeselect={false} searchable disabled={readOnly} error={errors.timezone} />
          <Select label="Shown time zone" data={SHOWN} value={shown} onChange={(v) => v && setShown(v)} allowDeselect={false} disabled={readOnly} />
        </SimpleGrid>
        <Group align="flex-end" gap="xs" role="group" aria-label="Duration filter">
          <Select label="Duration filter" w={120} data={[...DURATION_OPERATORS]} value={operator} onChange={(v) => v && setOperator(v)} allowDeselect={false} disabled={readOnly} />
          <NumberInput label="Duration" w={120} min={0} allowDecimal={false} value={count} onChange={setCount} disabled={readOnly} error={errors.durationFilter} />
          <Select label="Unit" w={140} data={DURATION_UNITS.map((u) => ({ value: u, label: UNITS[u] }))} value={unit} onChange={(v) => v && setUnit(v)} allowDeselect={false} disabled={readOnly} />
        </Group>
        <NumberInput
          label="Capture rate (%)"
          description="The share of sessions the instances record, from 0 to 100. Empty is 0."
          w={260}
          allowDecimal={false}
          value={rate}
          onChange={setRate}
          disabled={readOnly}
          error={errors.captureRate}
        />
        <ConditionSetsEditor sets={sets} onChange={setSets} error={errors.conditionalCapture ?? null} disabled={readOnly} />
        <Switch label="Mouse trail" checked={mouseTrail} onChange={(e) => setMouseTrail(e.currentTarget.checked)} disabled={readOnly} />
        <Switch label="Skip to issue" checked={skipToIssue} onChange={(e) => setSkipToIssue(e.currentTarget.checked)} disabled={readOnly} />
        {canEdit && (
          <div>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </div>
        )}
      </Stack>
    </HydratedForm>
  );
}
