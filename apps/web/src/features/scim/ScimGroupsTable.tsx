import { NativeSelect, Table, Text } from '@mantine/core';
import { assignableRoles, type Role, type ScimGroupMapping } from '@replay/contracts';

interface Props {
  groups: ScimGroupMapping[];
  roles: readonly Pick<Role, 'roleId' | 'name' | 'protected'>[];
  busy: boolean;
  onMap: (groupId: string, roleId: string | null) => void;
}

const NO_ROLE = '';

/**
 * The groups the identity provider pushed, each with the role it gives its members (a select
 * per row, labelled by the group's name). The Owner role is never offered: owners stay in the
 * owners' hands.
 */
export function ScimGroupsTable({ groups, roles, busy, onMap }: Props) {
  const options = [{ value: NO_ROLE, label: 'No role' }, ...assignableRoles(roles).map((r) => ({ value: r.roleId, label: r.name }))];
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Group</Table.Th>
            <Table.Th scope="col">Members</Table.Th>
            <Table.Th scope="col">Role</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {groups.map((g) => (
            <Table.Tr key={g.id}>
              <Table.Td>
                <Text size="sm" fw={500}>
                  {g.displayName}
                </Text>
              </Table.Td>
              <Table.Td>{g.members}</Table.Td>
              <Table.Td>
                <NativeSelect
                  aria-label={`Role of ${g.displayName}`}
                  data={options}
                  value={g.roleId ?? NO_ROLE}
                  disabled={busy}
                  onChange={(event) => onMap(g.id, event.currentTarget.value || null)}
                  w={200}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
