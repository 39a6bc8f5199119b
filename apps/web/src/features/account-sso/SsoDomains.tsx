import { useState, type FormEvent } from 'react';
import { Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import IconWorld from '@tabler/icons-react/dist/esm/icons/IconWorld.mjs';
import { ACCOUNT_SSO_MESSAGES, SSO_LIMITS, claimSsoDomainSchema, type SsoDomain } from '@replay/contracts';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { FormAlert } from '../../components/FormAlert';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/format-date';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useClaimSsoDomain, useDeleteSsoDomain, useVerifySsoDomain } from './settings-api';

/**
 * The domains whose people sign in through the IdP. A domain is claimed by an address at it: a
 * code is mailed there, and the claim holds once the code is entered here (pending until then).
 */
export function SsoDomains({ domains }: { domains: SsoDomain[] }) {
  const [removing, setRemoving] = useState<SsoDomain | null>(null);
  const remove = useDeleteSsoDomain();
  const onRemove = (domain: SsoDomain) =>
    remove.mutate(domain.id, {
      onSuccess: () => notifySuccess(`${domain.domain} removed`),
      onError: (error) => notifyError(errorMessage(error, 'The domain could not be removed.')),
      onSettled: () => setRemoving(null),
    });
  return (
    <Stack gap="md">
      <ClaimForm full={domains.length >= SSO_LIMITS.domains} />
      {domains.length === 0 ? (
        <EmptyState icon={<IconWorld size={32} />} title="No domains yet" description="Claim your company’s domain so its people can sign in with single sign-on." />
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="Claimed domains">
          {domains.map((d) => (
            <DomainRow key={d.id} domain={d} onRemove={() => setRemoving(d)} />
          ))}
        </Stack>
      )}
      <ConfirmDialog
        opened={removing !== null}
        title="Remove the domain"
        confirmLabel="Remove"
        danger
        loading={remove.isPending}
        onConfirm={() => removing && onRemove(removing)}
        onCancel={() => setRemoving(null)}
      >
        {`People at ${removing?.domain ?? ''} will no longer be offered single sign-on, and single sign-on is no longer enforced for them: they sign in with their passwords.`}
      </ConfirmDialog>
    </Stack>
  );
}

function ClaimForm({ full }: { full: boolean }) {
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const claim = useClaimSsoDomain();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = claimSsoDomainSchema.safeParse({ email: email.trim() });
    setInvalid(parsed.success ? null : (parsed.error.issues[0]?.message ?? null));
    if (!parsed.success) return;
    claim.mutate(parsed.data.email, {
      onSuccess: (domain) => {
        setEmail('');
        notifySuccess(ACCOUNT_SSO_MESSAGES.codeMailed(domain.email));
      },
    });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Claim a domain">
      <Stack gap="xs">
        <Group gap="xs" align="flex-start" wrap="wrap">
          <TextInput
            label="Email address at the domain"
            description="A code is mailed to it, for example it@your-company.com"
            type="email"
            value={email}
            error={invalid}
            onChange={(e) => {
              setEmail(e.currentTarget.value);
              setInvalid(null);
              claim.reset();
            }}
            style={{ flex: '1 1 260px' }}
          />
          <Button type="submit" mt={{ base: 0, sm: 44 }} loading={claim.isPending} disabled={full}>
            Send code
          </Button>
        </Group>
        {full && <Text size="sm">{ACCOUNT_SSO_MESSAGES.tooManyDomains}</Text>}
        <FormAlert message={claim.error ? errorMessage(claim.error, 'The domain could not be claimed.') : null} />
      </Stack>
    </form>
  );
}

function DomainRow({ domain, onRemove }: { domain: SsoDomain; onRemove: () => void }) {
  const pending = domain.status === 'pending';
  return (
    <Paper component="li" withBorder radius="md" p="md" aria-label={domain.domain}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <Text fw={600}>{domain.domain}</Text>
            <Badge variant="light" color={pending ? 'yellow' : 'teal'}>
              {pending ? 'Pending' : 'Verified'}
            </Badge>
          </Group>
          <Button variant="subtle" color="red" size="xs" onClick={onRemove} aria-label={`Remove ${domain.domain}`}>
            Remove
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          {pending
            ? `Code mailed to ${domain.email}${domain.codeExpiresAt ? `, valid until ${formatDateTime(domain.codeExpiresAt)}` : ''}.`
            : `Verified ${domain.verifiedAt ? formatDateTime(domain.verifiedAt) : ''} through ${domain.email}.`}
        </Text>
        {pending && <VerifyForm domain={domain} />}
      </Stack>
    </Paper>
  );
}

function VerifyForm({ domain }: { domain: SsoDomain }) {
  const [code, setCode] = useState('');
  const verify = useVerifySsoDomain();
  const resend = useClaimSsoDomain();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    verify.mutate({ id: domain.id, code: code.trim() }, { onSuccess: () => notifySuccess(`${domain.domain} verified`) });
  };
  const error = verify.error ?? resend.error;
  return (
    <form onSubmit={submit} noValidate aria-label={`Verify ${domain.domain}`}>
      <Stack gap="xs">
        <Group gap="xs" align="flex-end" wrap="wrap">
          <TextInput
            label={`Code for ${domain.domain}`}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={64}
            value={code}
            onChange={(e) => {
              setCode(e.currentTarget.value);
              verify.reset();
            }}
            style={{ flex: '1 1 160px' }}
          />
          <Button type="submit" loading={verify.isPending} disabled={code.trim() === ''}>
            Verify
          </Button>
          <Button variant="default" loading={resend.isPending} onClick={() => resend.mutate(domain.email, { onSuccess: () => notifySuccess(ACCOUNT_SSO_MESSAGES.codeMailed(domain.email)) })}>
            Send a new code
          </Button>
        </Group>
        <FormAlert message={error ? errorMessage(error, 'The domain could not be verified.') : null} />
      </Stack>
    </form>
  );
}
