import { useState } from 'react';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { TotpEnrolment as Enrolment } from '@replay/contracts';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FormAlert } from '../../components/FormAlert';
import { errorMessage } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { useMfaStatus, useRemoveTotp, useStartTotp } from './api';
import { RecoveryCodes } from './RecoveryCodes';
import { TotpEnrolment } from './TotpEnrolment';
import { PasskeysSection } from './PasskeysSection';
import { usePasskeys } from './webauthn-api';

export const MFA_ACTION_FAILED = 'Two-factor authentication could not be changed. Please try again.';

type Step = { kind: 'idle' } | { kind: 'enrolling'; enrolment: Enrolment } | { kind: 'codes'; codes: string[] };

/**
 * The account's "Two-factor authentication": set up an authenticator app, add passkeys and
 * security keys, see the recovery codes once (with the first factor), turn the app off.
 */
export function TwoFactorSection({ onEnabled }: { onEnabled?: () => void } = {}) {
  const status = useMfaStatus();
  const passkeys = usePasskeys();
  const start = useStartTotp();
  const remove = useRemoveTotp();
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [confirmOff, setConfirmOff] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // A new factor shows the recovery codes when it came with them (the first factor); otherwise it is simply on.
  const enabled = (codes: string[] | null) => {
    if (codes?.length) return setStep({ kind: 'codes', codes });
    setStep({ kind: 'idle' });
    onEnabled?.();
  };
  if (step.kind === 'enrolling') return <TotpEnrolment enrolment={step.enrolment} onConfirmed={enabled} onCancel={() => setStep({ kind: 'idle' })} />;
  if (step.kind === 'codes')
    return (
      <RecoveryCodes
        codes={step.codes}
        onDone={() => {
          setStep({ kind: 'idle' });
          onEnabled?.();
        }}
      />
    );
  if (status.isPending) return <Loader size="sm" aria-label="Loading two-factor authentication" />;
  if (status.isError) return <Alert color="red">{errorMessage(status.error, 'Two-factor authentication could not be loaded.')}</Alert>;

  const begin = () => {
    setError(null);
    start.mutate(undefined, { onSuccess: (enrolment) => setStep({ kind: 'enrolling', enrolment }), onError: (e) => setError(errorMessage(e, MFA_ACTION_FAILED)) });
  };
  const turnOff = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setConfirmOff(false);
        notifySuccess('Two-factor authentication is off');
      },
      onError: (e) => {
        setConfirmOff(false);
        setError(errorMessage(e, MFA_ACTION_FAILED));
      },
    });

  return (
    <Stack gap="sm" maw={480}>
      <TwoFactorState
        totp={status.data.totp}
        hasPasskeys={Boolean(passkeys.data?.credentials.length)}
        codesLeft={status.data.recoveryCodesLeft}
        starting={start.isPending}
        onBegin={begin}
        onTurnOff={() => setConfirmOff(true)}
      />
      <FormAlert message={error} />
      <PasskeysSection onAdded={enabled} />
      <ConfirmDialog
        opened={confirmOff}
        title="Turn off two-factor authentication?"
        confirmLabel="Turn off"
        danger
        loading={remove.isPending}
        onConfirm={turnOff}
        onCancel={() => setConfirmOff(false)}
      >
        {passkeys.data?.credentials.length
          ? 'Signing in will ask for one of your passkeys or security keys instead of a code.'
          : 'Signing in will ask only for your password. Your recovery codes stop working.'}
      </ConfirmDialog>
    </Stack>
  );
}

interface TwoFactorStateProps {
  totp: boolean;
  hasPasskeys: boolean;
  codesLeft: number;
  starting: boolean;
  onBegin: () => void;
  onTurnOff: () => void;
}

/** Where the member stands (app, keys only, or nothing yet) and the one action that fits. */
function TwoFactorState({ totp, hasPasskeys, codesLeft, starting, onBegin, onTurnOff }: TwoFactorStateProps) {
  return totp ? (
    <>
      <Text size="sm">
        Two-factor authentication is <strong>on</strong>: signing in asks for a code from your authenticator app. {codesLeft} recovery codes left.
      </Text>
      <Group>
        <Button variant="default" color="red" onClick={onTurnOff}>
          Turn off two-factor authentication
        </Button>
      </Group>
    </>
  ) : hasPasskeys ? (
    <>
      <Text size="sm">
        Two-factor authentication is <strong>on</strong>: signing in asks for one of your passkeys or security keys. {codesLeft} recovery codes left. You can also use an authenticator app.
      </Text>
      <Group>
        <Button variant="default" onClick={onBegin} loading={starting}>
          Set up an authenticator app
        </Button>
      </Group>
    </>
  ) : (
    <>
      <Text size="sm">Two-factor authentication is off. Turn it on to ask for a code from an authenticator app at every sign-in.</Text>
      <Group>
        <Button onClick={onBegin} loading={starting}>
          Set up two-factor authentication
        </Button>
      </Group>
    </>
  );
}
