import { useState, type FormEvent } from 'react';
import { Button, Group, NativeSelect, PasswordInput, Radio, Stack, TextInput, Textarea } from '@mantine/core';
import { ACCOUNT_SSO_LABELS, SSO_LIMITS, assignableRoles, type AccountSsoProtocol, type Role, type SsoConnection } from '@replay/contracts';
import { FormAlert } from '../../components/FormAlert';
import { ApiError, errorMessage } from '../../lib/api';
import type { FieldErrors } from '../../lib/form';
import { notifySuccess } from '../../lib/notify';
import { bodyOf, checkBody, serverFieldErrors, valuesOf, type ConnectionValues } from './connection-form';
import { GroupRoleRows } from './GroupRoleRows';
import { useSaveSsoConnection } from './settings-api';

interface Props {
  connection: SsoConnection | null;
  roles: readonly Pick<Role, 'roleId' | 'name' | 'protected'>[];
  /** Told whether the form holds changes not saved yet (a test sign-in runs with the saved settings). */
  onEdited: (edited: boolean) => void;
}

type TextField = 'issuer' | 'clientId' | 'clientSecret' | 'entryPoint' | 'idpEntityId' | 'logoutUrl' | 'idpCert' | 'defaultRoleId';

/** The role a new connection gives by default: Viewer if the account has it, else the first one SSO may give. */
function starterRole(roles: Props['roles']): string {
  const offered = assignableRoles(roles);
  return (offered.find((r) => r.name === 'Viewer') ?? offered[0])?.roleId ?? '';
}

/**
 * The connection to the company's IdP: OpenID Connect (issuer, client id, client secret, which
 * is never shown again: "set" is) or SAML 2.0 (sign-in URL, entity id, certificate); the default
 * role and the group roles. Saving makes it a draft until a test sign-in passes with it.
 */
export function SsoConnectionForm({ connection, roles, onEdited }: Props) {
  const [values, setValues] = useState<ConnectionValues>(() => valuesOf(connection, starterRole(roles)));
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useSaveSsoConnection();
  const secretSaved = connection?.oidc?.clientSecretSet === true;
  const roleOptions = assignableRoles(roles).map((r) => ({ value: r.roleId, label: r.name }));

  const update = (part: Partial<ConnectionValues>) => {
    setValues((v) => ({ ...v, ...part }));
    setErrors((e) => ({ ...e, form: undefined, ...Object.fromEntries(Object.keys(part).map((k) => [k, undefined])) }));
    onEdited(true);
  };
  const field = (name: TextField) => ({
    value: values[name],
    error: errors[name],
    onChange: (e: { currentTarget: { value: string } }) => update({ [name]: e.currentTarget.value }),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = checkBody(values, secretSaved);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate(bodyOf(values), {
      onSuccess: () => {
        setValues((v) => ({ ...v, clientSecret: '' }));
        onEdited(false);
        notifySuccess('Single sign-on settings saved. Run a test sign-in before enforcing them.');
      },
      onError: (error) => setErrors(error instanceof ApiError && error.status === 400 ? serverFieldErrors(error.messages) : { form: errorMessage(error, 'The settings could not be saved.') }),
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Identity provider connection">
      <Stack gap="sm" maw={640}>
        <Radio.Group label="Protocol" value={values.protocol} onChange={(p) => update({ protocol: p as AccountSsoProtocol })}>
          <Group gap="lg" mt={4}>
            <Radio value="oidc" label="OpenID Connect" />
            <Radio value="saml" label="SAML 2.0" />
          </Group>
        </Radio.Group>
        <ProtocolFields protocol={values.protocol} secretSaved={secretSaved} field={field} />
        <NativeSelect
          label={ACCOUNT_SSO_LABELS.defaultRole}
          description="Given to a person in none of the groups below"
          required
          data={[{ value: '', label: 'Choose a role' }, ...roleOptions]}
          {...field('defaultRoleId')}
        />
        <GroupRoleRows rows={values.groupRoles} roleOptions={roleOptions} error={errors.groupRoles} onChange={(groupRoles) => update({ groupRoles })} />
        <FormAlert message={errors.form ?? null} />
        <Group>
          <Button type="submit" loading={save.isPending}>
            Save settings
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type FieldProps = (name: TextField) => { value: string; error: string | undefined; onChange: (e: { currentTarget: { value: string } }) => void };

/** The protocol's own settings: OIDC's issuer and client, or SAML's sign-in URL, entity id and certificate. */
function ProtocolFields({ protocol, secretSaved, field }: { protocol: AccountSsoProtocol; secretSaved: boolean; field: FieldProps }) {
  return protocol === 'oidc' ? (
    <>
      <TextInput label={ACCOUNT_SSO_LABELS.issuer} description="The IdP’s issuer, where its /.well-known/openid-configuration is" required maxLength={SSO_LIMITS.url} {...field('issuer')} />
      <TextInput label={ACCOUNT_SSO_LABELS.clientId} required maxLength={SSO_LIMITS.clientId} {...field('clientId')} />
      <PasswordInput
        label={ACCOUNT_SSO_LABELS.clientSecret}
        description={secretSaved ? 'Set. Leave blank to keep it; a new one replaces it.' : 'Not set. It is never shown again once saved.'}
        required={!secretSaved}
        autoComplete="new-password"
        maxLength={SSO_LIMITS.clientSecret}
        {...field('clientSecret')}
      />
    </>
  ) : (
    <>
      <TextInput label={ACCOUNT_SSO_LABELS.entryPoint} description="Where the IdP takes sign-in requests (HTTP-Redirect binding)" required maxLength={SSO_LIMITS.url} {...field('entryPoint')} />
      <TextInput label={ACCOUNT_SSO_LABELS.idpEntityId} required maxLength={SSO_LIMITS.entityId} {...field('idpEntityId')} />
      <TextInput
        label={ACCOUNT_SSO_LABELS.logoutUrl}
        description="Optional. Where the IdP takes logout requests (HTTP-Redirect binding): signing out of the console then signs out of the IdP too."
        maxLength={SSO_LIMITS.url}
        {...field('logoutUrl')}
      />
      <Textarea
        label={ACCOUNT_SSO_LABELS.idpCert}
        description="The IdP’s signing certificate, PEM (-----BEGIN CERTIFICATE----- …)"
        required
        autosize
        minRows={4}
        maxRows={12}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
        {...field('idpCert')}
      />
    </>
  );
}
