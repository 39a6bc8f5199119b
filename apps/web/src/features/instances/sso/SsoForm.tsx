import { useState, type FormEvent } from 'react';
import { Button, Group, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { SSO_LABELS, SSO_MESSAGES, ssoBodySchema, type SsoConfig } from '@replay/contracts';
import { validate } from '../../../lib/form';
import { useFormFields } from '../../../lib/use-form-fields';
import { useSaveSso } from './hooks';

interface Props {
  instanceId: string;
  sso: SsoConfig;
  canEdit: boolean;
}

const fieldsOf = (sso: SsoConfig) => ({
  idp_entityId: sso.idp?.entityId ?? '',
  idp_name: sso.idp?.name ?? '',
  idp_sso_url: sso.idp?.ssoUrl ?? '',
  idp_slo_url: sso.idp?.sloUrl ?? '',
  idp_x509cert: sso.idp?.certPem ?? '',
});

/**
 * The identity provider's settings (the spec's payload) and the Enforce switch. Enforcing is
 * offered only once a Test sign-in passed with the settings saved, and the form still shows
 * them: the server holds the same rule (409 otherwise).
 */
export function SsoForm({ instanceId, sso, canEdit }: Props) {
  const saved = fieldsOf(sso);
  const { values, errors, bind, set, setErrors } = useFormFields(saved);
  const [enforce, setEnforce] = useState(sso.enforce);
  const save = useSaveSso(instanceId);
  const edited = (Object.keys(saved) as (keyof typeof saved)[]).some((k) => values[k].trim() !== saved[k].trim());
  const mayEnforce = sso.test.passedForSaved && !edited && !sso.pending;
  const changed = edited || enforce !== sso.enforce;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(ssoBodySchema, { ...values, idp_slo_url: values.idp_slo_url.trim() || null, enforce_SSO: enforce && mayEnforce });
    if (checked.errors) {
      setErrors(checked.errors);
      return;
    }
    save.mutate(checked.data);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm" maw={640}>
        <TextInput label={SSO_LABELS.entityId} required readOnly={!canEdit} {...bind('idp_entityId')} />
        <TextInput label={SSO_LABELS.name} description="Shown on the instance’s sign-in button" required readOnly={!canEdit} {...bind('idp_name')} />
        <TextInput label={SSO_LABELS.ssoUrl} description="https" required readOnly={!canEdit} {...bind('idp_sso_url')} />
        <TextInput label={SSO_LABELS.sloUrl} description="Optional, https" readOnly={!canEdit} {...bind('idp_slo_url')} />
        <Textarea
          label={SSO_LABELS.cert}
          description="The identity provider’s signing certificate, PEM"
          required
          readOnly={!canEdit}
          autosize
          minRows={4}
          maxRows={12}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
          value={values.idp_x509cert}
          error={errors.idp_x509cert}
          onChange={(e) => set('idp_x509cert', e.currentTarget.value)}
        />
        <Switch
          label={SSO_LABELS.enforce}
          description={mayEnforce || sso.enforce ? 'Password sign-in on the instance is turned off. The console’s one-time link still signs you in.' : SSO_MESSAGES.enforceNeedsTest}
          checked={enforce}
          disabled={!canEdit || (!mayEnforce && !sso.enforce)}
          onChange={(e) => setEnforce(e.currentTarget.checked)}
        />
        {canEdit && (
          <Group>
            <Button type="submit" disabled={!changed} loading={save.isPending}>
              Save SSO
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
