import { useState } from 'react';
import { Button, Group, NativeSelect, TextInput, Textarea } from '@mantine/core';
import { API_KEY_MESSAGES, type ApiKeyWithSecret } from '@replay/contracts';
import { useAccount } from '../../app/session/SessionProvider';
import { FormDialog } from '../../components/FormDialog';
import { errorMessage } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { useRoles } from '../roles/api';
import { useCreateApiKey } from './api';
import { addressesOf, defaultExpiry, expiryOf, expiryRange, grantableRoles, validateKeyForm, type KeyFormErrors, type KeyFormValues } from './key-form';

interface Props {
  onClose: () => void;
  /** The new key with its secret, to be shown once. */
  onCreated: (created: ApiKeyWithSecret) => void;
}

/** Create API key: a name, a role the creator may grant, an expiry within a year, and an optional IP access list. */
export function CreateKeyDialog({ onClose, onCreated }: Props) {
  const account = useAccount();
  const roles = useRoles();
  const create = useCreateApiKey();
  const now = Date.now();
  const choices = grantableRoles(roles.data ?? [], account.permissions);
  const [values, setValues] = useState<KeyFormValues>({ name: '', roleId: null, expiresOn: defaultExpiry(now), addresses: '' });
  const [errors, setErrors] = useState<KeyFormErrors>({});
  const [touched, setTouched] = useState(false);
  const set = <K extends keyof KeyFormValues>(key: K, value: KeyFormValues[K]) => {
    const next = { ...values, [key]: value };
    setValues(next);
    if (touched) setErrors(validateKeyForm(next, Date.now()));
  };

  const submit = async () => {
    setTouched(true);
    const found = validateKeyForm(values, Date.now());
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      const created = await create.mutateAsync({
        name: values.name.trim(),
        roleId: values.roleId!,
        expiresAt: expiryOf(values.expiresOn),
        ipAccessList: addressesOf(values.addresses),
      });
      notifySuccess(API_KEY_MESSAGES.created);
      onCreated(created);
    } catch {
      // Shown by FormAlert from the mutation's error.
    }
  };

  const range = expiryRange(now);
  const roleData = [{ value: '', label: roles.isPending ? 'Loading roles…' : 'Choose a role' }, ...choices.map((r) => ({ value: r.roleId, label: r.name }))];
  const failure = create.error ? errorMessage(create.error, 'Could not create the key.') : roles.isError ? 'Could not load the roles.' : null;
  return (
    <FormDialog title="Create API key" size="large" pending={create.isPending} onClose={onClose} onSubmit={submit} error={failure}>
      <TextInput label="Name" required value={values.name} onChange={(e) => set('name', e.currentTarget.value)} error={errors.name} data-autofocus />
      <NativeSelect
        label="Role"
        description="The key may do what this role allows, on its instances, and never more than you may."
        required
        data={roleData}
        value={values.roleId ?? ''}
        onChange={(e) => set('roleId', e.currentTarget.value || null)}
        error={errors.roleId}
      />
      <TextInput
        label="Expires on"
        description="Required; at most a year from today. The key stops working at 00:00 UTC that day."
        type="date"
        required
        min={range.min}
        max={range.max}
        value={values.expiresOn}
        onChange={(e) => set('expiresOn', e.currentTarget.value)}
        error={errors.expiresOn}
      />
      <Textarea
        label="IP access list"
        description="Optional. Addresses or CIDR ranges, one a line (203.0.113.7, 203.0.113.0/24, 2001:db8::/32). Empty: any address."
        autosize
        minRows={2}
        value={values.addresses}
        onChange={(e) => set('addresses', e.currentTarget.value)}
        error={errors.addresses}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={create.isPending}>
          Cancel
        </Button>
        <Button type="submit" loading={create.isPending}>
          Create key
        </Button>
      </Group>
    </FormDialog>
  );
}
