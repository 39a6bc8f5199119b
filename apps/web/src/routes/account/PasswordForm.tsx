import { useEffect, useState, type FormEvent } from 'react';
import { Button, Group, List, PasswordInput, Stack } from '@mantine/core';
import { MESSAGES, PASSWORD_MIN_LENGTH, passwordChangeFormSchema } from '@replay/contracts';
import { PasswordPair } from '../../components/PasswordPair';
import { useAccountUpdatedAt, useChangePassword } from '../../features/account/api';
import { errorMessages } from '../../lib/api';
import { validate } from '../../lib/form';
import { notifySuccess } from '../../lib/notify';

export const PASSWORD_CHANGED = 'Successfully changed password';
export const PASSWORD_CHANGE_FAILED = 'Failed to change password.';

const EMPTY = { oldPassword: '', newPassword: '', repeatPassword: '' };
type Field = keyof typeof EMPTY;

interface Props {
  onSuccess: () => void;
  /** Without it there is no Cancel button (a password change the account must make). */
  onCancel?: () => void;
}

/**
 * Old, new and repeated password. Submitting is blocked while the old one is
 * empty, the new one is under 8 characters or the two new ones differ; the
 * new one must pass the shared strength rule. Server errors are listed under
 * the form, which stays open.
 */
export function PasswordForm({ onSuccess, onCancel }: Props) {
  const change = useChangePassword();
  const [values, setValues] = useState(EMPTY);
  const [newTouched, setNewTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const accountUpdatedAt = useAccountUpdatedAt();
  // Spec 4: fetching or updating the account clears the password errors.
  useEffect(() => setServerErrors([]), [accountUpdatedAt]);

  const set = (field: Field) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const checked = validate(passwordChangeFormSchema, values);
  const newError = newTouched && values.newPassword ? checked.errors?.newPassword : undefined;
  const blocked = !values.oldPassword || values.newPassword.length < PASSWORD_MIN_LENGTH || values.newPassword !== values.repeatPassword;

  const reset = () => {
    setValues(EMPTY);
    setNewTouched(false);
    setServerErrors([]);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setNewTouched(true);
    if (blocked || !checked.data) return;
    setServerErrors([]);
    const { oldPassword, newPassword } = checked.data;
    change.mutate(
      { oldPassword, newPassword },
      {
        onSuccess: () => {
          notifySuccess(PASSWORD_CHANGED);
          reset();
          onSuccess();
        },
        onError: (error) => setServerErrors(errorMessages(error, PASSWORD_CHANGE_FAILED)),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Change Password">
      <Stack gap="md" maw={480}>
        <PasswordInput label="Old Password: " autoComplete="current-password" value={values.oldPassword} onChange={(e) => set('oldPassword')(e.currentTarget.value)} data-autofocus />
        <PasswordPair
          labels={['New Password: ', 'Repeat New Password: ']}
          password={values.newPassword}
          repeat={values.repeatPassword}
          onPasswordChange={set('newPassword')}
          onRepeatChange={set('repeatPassword')}
          onPasswordBlur={() => setNewTouched(true)}
          description={newError ? undefined : MESSAGES.passwordStrength}
          error={newError}
        />
        <ServerErrors messages={serverErrors} />
        <Group gap="sm">
          <Button type="submit" disabled={blocked} loading={change.isPending}>
            Change Password
          </Button>
          {onCancel && (
            <Button
              variant="default"
              onClick={() => {
                reset();
                onCancel();
              }}
            >
              Cancel
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

/** What the server said against the change, listed under the form, which stays open. */
function ServerErrors({ messages }: { messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <List role="alert" size="sm" c="red" spacing={2} aria-label="Password change errors">
      {messages.map((message) => (
        <List.Item key={message}>{message}</List.Item>
      ))}
    </List>
  );
}
