import { ActionIcon, Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import IconPlus from '@tabler/icons-react/dist/esm/icons/IconPlus.mjs';
import IconTrash from '@tabler/icons-react/dist/esm/icons/IconTrash.mjs';
import { ACCOUNT_SSO_LABELS, SSO_LIMITS } from '@replay/contracts';
import { newRow, type GroupRoleRow } from './connection-form';

interface Props {
  rows: GroupRoleRow[];
  /** The roles single sign-on may give (never the Owner role). */
  roleOptions: { value: string; label: string }[];
  error: string | undefined;
  onChange: (rows: GroupRoleRow[]) => void;
}

/**
 * IdP group → role: a person in a listed group gets its role when they first sign in; anyone
 * else gets the default role. Rows are added and removed here, up to SSO_LIMITS.groupRoles.
 */
export function GroupRoleRows({ rows, roleOptions, error, onChange }: Props) {
  const full = rows.length >= SSO_LIMITS.groupRoles;
  const change = (key: number, part: Partial<GroupRoleRow>) => onChange(rows.map((r) => (r.key === key ? { ...r, ...part } : r)));
  return (
    <Stack gap="xs" role="group" aria-labelledby="sso-group-roles-title" aria-describedby={error ? 'sso-group-roles-error' : undefined}>
      <Text size="sm" fw={500} id="sso-group-roles-title">
        Group roles
      </Text>
      <Text size="xs" c="dimmed">
        A person in one of these IdP groups gets its role when they first sign in; anyone else gets the default role.
      </Text>
      {rows.map((row, index) => {
        const n = index + 1;
        return (
          <Group key={row.key} gap="xs" align="flex-end" wrap="wrap">
            <TextInput
              aria-label={`${ACCOUNT_SSO_LABELS.group} ${n}`}
              placeholder="IdP group name"
              maxLength={SSO_LIMITS.groupName}
              value={row.group}
              onChange={(e) => change(row.key, { group: e.currentTarget.value })}
              style={{ flex: '1 1 180px' }}
            />
            <NativeSelect
              aria-label={`Role of ${ACCOUNT_SSO_LABELS.group} ${n}`}
              data={[{ value: '', label: 'Choose a role' }, ...roleOptions]}
              value={row.roleId}
              onChange={(e) => change(row.key, { roleId: e.currentTarget.value })}
              style={{ flex: '1 1 160px' }}
            />
            <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Remove ${ACCOUNT_SSO_LABELS.group} ${n}`} onClick={() => onChange(rows.filter((r) => r.key !== row.key))}>
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        );
      })}
      {error && (
        <Text size="xs" c="red" id="sso-group-roles-error">
          {error}
        </Text>
      )}
      <Group gap="xs">
        <Button variant="light" size="xs" leftSection={<IconPlus size={16} aria-hidden />} disabled={full} onClick={() => onChange([...rows, newRow()])}>
          Add group role
        </Button>
        {full && (
          <Text size="xs" c="dimmed">
            At most {SSO_LIMITS.groupRoles} groups.
          </Text>
        )}
      </Group>
    </Stack>
  );
}
