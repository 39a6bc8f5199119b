import { useState, type FormEvent } from 'react';
import { Button, Stack, TextInput } from '@mantine/core';
import { TEXT_LIMITS, accountUpdateSchema } from '@replay/contracts';
import { useAccount } from '../../app/session/SessionProvider';
import { useUpdateAccount } from '../../features/account/api';
import { errorMessage } from '../../lib/api';
import { validate } from '../../lib/form';
import { notifyError, notifySuccess } from '../../lib/notify';
import { useFormFields } from '../../lib/use-form-fields';

export const PROFILE_UPDATED = 'Profile updated successfully.';
export const PROFILE_UPDATE_FAILED = 'Failed to update profile.';

/** Name and Organization (50 characters each); Update is enabled once something changed. */
export function ProfileForm() {
  const account = useAccount();
  const update = useUpdateAccount();
  const [changed, setChanged] = useState(false);
  const form = useFormFields({ name: account.name, tenantName: account.tenantName }, () => setChanged(true));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(accountUpdateSchema, form.values);
    form.setErrors(checked.errors ?? {});
    if (!checked.data) return;
    update.mutate(checked.data, {
      onSuccess: (saved) => {
        form.setValues({ name: saved.name, tenantName: saved.tenantName });
        setChanged(false);
        notifySuccess(PROFILE_UPDATED);
      },
      onError: (error) => notifyError(errorMessage(error, PROFILE_UPDATE_FAILED)),
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md" maw={480}>
        <TextInput label="Name" autoComplete="name" maxLength={TEXT_LIMITS.name} {...form.bind('name')} />
        <TextInput label="Organization" autoComplete="organization" maxLength={TEXT_LIMITS.organization} {...form.bind('tenantName')} />
        <div>
          <Button type="submit" disabled={!changed} loading={update.isPending}>
            Update
          </Button>
        </div>
      </Stack>
    </form>
  );
}
