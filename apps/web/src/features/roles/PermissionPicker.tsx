import { Checkbox, Fieldset, SimpleGrid, Stack, Text } from '@mantine/core';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
// Checkbox's code carries Checkbox.Card and Checkbox.Indicator too: the build wants their styles (vite-mantine-styles.ts).
import '@mantine/core/styles/CheckboxCard.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Fieldset.css';
import type { Permission } from '@replay/contracts';
import { PERMISSION_LABELS } from './permission-labels';
import { PERMISSION_GROUPS } from './role-form';

interface Props {
  value: readonly Permission[];
  /** The signed-in user's permissions: only those can be granted (the server refuses the others). */
  held: readonly string[];
  onChange: (next: Permission[]) => void;
  disabled: boolean;
}

/** The nine permissions as checkboxes, grouped by console area. */
export function PermissionPicker({ value, held, onChange, disabled }: Props) {
  const toggle = (permission: Permission, on: boolean) => onChange(on ? [...value, permission] : value.filter((p) => p !== permission));
  return (
    <Fieldset legend="Permissions" variant="unstyled" disabled={disabled}>
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="md" verticalSpacing="md">
        {PERMISSION_GROUPS.map((group) => (
          <Stack key={group.label} gap={6} role="group" aria-label={group.label}>
            <Text size="sm" fw={600}>
              {group.label}
            </Text>
            {group.permissions.map((permission) => {
              const grantable = held.includes(permission) || value.includes(permission);
              return (
                <Checkbox
                  key={permission}
                  label={PERMISSION_LABELS[permission]}
                  checked={value.includes(permission)}
                  disabled={disabled || !grantable}
                  title={grantable ? undefined : 'You can only grant permissions you hold yourself.'}
                  onChange={(e) => toggle(permission, e.currentTarget.checked)}
                />
              );
            })}
          </Stack>
        ))}
      </SimpleGrid>
    </Fieldset>
  );
}
