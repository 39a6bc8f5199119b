import { Stack, Switch, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { mfaEndpoints } from '@replay/contracts';
import { useAccount } from '../../app/session/SessionProvider';
import { currentAccountKey } from '../account/api';
import { call, errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { withFreshProof } from './fresh-proof';

/** Organization › "Require two-factor authentication for every member": an admin's switch. */
export function MfaPolicySwitch() {
  const account = useAccount();
  const queryClient = useQueryClient();
  const save = useMutation({
    // Turning the rule off asks for a fresh proof of identity (the dialog, then the same call).
    mutationFn: (required: boolean) => withFreshProof(() => call(mfaEndpoints.setMfaPolicy, { body: { required } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: currentAccountKey }),
  });
  const isAdmin = account.admin || account.superAdmin;
  return (
    <Stack gap={4}>
      <Switch
        label="Require two-factor authentication for every member"
        checked={account.mfaRequired}
        disabled={!isAdmin || save.isPending}
        onChange={(e) => {
          const required = e.currentTarget.checked;
          save.mutate(required, {
            onSuccess: () => notifySuccess(required ? 'Two-factor authentication is now required.' : 'Two-factor authentication is no longer required.'),
            onError: (error) => notifyError(errorMessage(error, 'The requirement could not be changed.')),
          });
        }}
      />
      <Text size="xs" c="dimmed">
        A member without it is asked to set it up at their next sign-in, and can do nothing else until then.
      </Text>
    </Stack>
  );
}
