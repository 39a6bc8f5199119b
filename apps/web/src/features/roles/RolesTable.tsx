import { ActionIcon, Anchor, Badge, Group, Table, Text } from '@mantine/core';
import IconLock from '@tabler/icons-react/dist/esm/icons/IconLock.mjs';
import IconPencil from '@tabler/icons-react/dist/esm/icons/IconPencil.mjs';
import IconTrash from '@tabler/icons-react/dist/esm/icons/IconTrash.mjs';
import { PERMISSIONS, type Role } from '@replay/contracts';
import { DataTable } from '../../components/list/DataTable';
import { PERMISSION_LABELS } from './permission-labels';

interface Props {
  roles: readonly Role[];
  /** EDIT_ROLES: edit and delete controls on unprotected roles. */
  canEdit: boolean;
  onOpen: (role: Role) => void;
  onDelete: (role: Role) => void;
}

/** What a role grants, by name; a role granting everything says so in one chip. */
function PermissionChips({ permissions }: { permissions: Role['permissions'] }) {
  if (permissions.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        None
      </Text>
    );
  }
  if (permissions.length === PERMISSIONS.length) {
    return (
      <Badge variant="light" size="sm" tt="none">
        All {PERMISSIONS.length} permissions
      </Badge>
    );
  }
  return (
    <Group gap={4} maw={320}>
      {permissions.map((p) => (
        <Badge key={p} variant="light" color="gray" size="sm" tt="none">
          {PERMISSION_LABELS[p]}
        </Badge>
      ))}
    </Group>
  );
}

function scopeLabel(role: Role): string {
  if (role.allInstances) return 'All instances';
  return role.instances.length === 1 ? '1 instance' : `${role.instances.length} instances`;
}

/** Each role: name (protected badge), description, permissions, instance scope, members holding it. */
export function RolesTable({ roles, canEdit, onOpen, onDelete }: Props) {
  return (
    <DataTable label="Roles" columns={['Name', 'Description', 'Permissions', 'Instances', 'Members']} actions minWidth={760}>
      {roles.map((role) => {
        const editable = canEdit && !role.protected;
        return (
          <Table.Tr key={role.roleId}>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                <Anchor component="button" type="button" size="sm" fw={500} onClick={() => onOpen(role)}>
                  {role.name}
                </Anchor>
                {role.protected && (
                  <Badge size="xs" color="gray" variant="light" leftSection={<IconLock size={10} />}>
                    Protected
                  </Badge>
                )}
              </Group>
            </Table.Td>
            <Table.Td maw={280}>
              <Text size="sm" c={role.description ? undefined : 'dimmed'} lineClamp={2}>
                {role.description || '—'}
              </Text>
            </Table.Td>
            <Table.Td>
              <PermissionChips permissions={role.permissions} />
            </Table.Td>
            <Table.Td>
              <Text size="sm">{scopeLabel(role)}</Text>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{role.memberCount}</Text>
            </Table.Td>
            <Table.Td>
              {editable && (
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <ActionIcon variant="subtle" color="gray" aria-label={`Edit ${role.name}`} onClick={() => onOpen(role)}>
                    <IconPencil size={16} />
                  </ActionIcon>
                  <ActionIcon variant="subtle" color="red" aria-label={`Delete ${role.name}`} onClick={() => onDelete(role)}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              )}
            </Table.Td>
          </Table.Tr>
        );
      })}
    </DataTable>
  );
}
