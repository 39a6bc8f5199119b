import type { FormEvent, ReactNode } from 'react';
import { Button, Group, TextInput } from '@mantine/core';

interface Props {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  description?: ReactNode;
  /** The button's words; Enter in the field does the same. */
  action: string;
  onSubmit: () => void;
  loading?: boolean;
  disabled?: boolean;
}

/** One text field and its button as a form (Enter submits): side by side, the button under the field on a phone. */
export function FieldForm({ label, placeholder, value, onChange, error, description, action, onSubmit, loading, disabled }: Props) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-start" gap="sm">
        <TextInput label={label} placeholder={placeholder} value={value} onChange={(e) => onChange(e.currentTarget.value)} error={error} description={description} w={{ base: '100%', xs: 320 }} />
        <Button type="submit" variant="light" mt={{ base: 0, xs: 25 }} loading={loading} disabled={disabled}>
          {action}
        </Button>
      </Group>
    </form>
  );
}
