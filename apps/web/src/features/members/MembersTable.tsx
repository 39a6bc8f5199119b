import { Badge, Group, Table, Text } from '@mantine/core';
import { memberState, type TeamMember } from '@replay/contracts';
import { DataTable } from '../../components/list/DataTable';
import { MemberAvatar } from '../account/avatar';
import { MemberActions } from './MemberActions';

const STATE_BADGE = {
  joined: { label: 'Joined', color: 'teal' },
  pending: { label: 'Pending', color: 'yellow' },
  expired: { label: 'Expired', color: 'red' },
} as const;

interface Props {
  members: readonly TeamMember[];
  selfId: string;
  /** EDIT_MEMBERS: the row controls; without it the table is read-only. */
  canEdit: boolean;
  onEdit: (member: TeamMember) => void;
  onRemove: (member: TeamMember) => void;
  onViewPermissions: (member: TeamMember) => void;
}

/** Name, email, role badge and joined / pending / expired state of each member. */
export function MembersTable({ members, selfId, canEdit, onEdit, onRemove, onViewPermissions }: Props) {
  return (
    <DataTable label="Team members" columns={['Name', 'Email', 'Role', 'State']} actions={canEdit} minWidth={640}>
      {members.map((member) => {
        const state = STATE_BADGE[memberState(member)];
        return (
          <Table.Tr key={member.userId}>
            <Table.Td>
              <Group gap="xs" wrap="nowrap">
                <MemberAvatar name={member.name} avatar={member.avatar} />
                <Text size="sm" fw={500}>
                  {member.name}
                </Text>
                {member.userId === selfId && (
                  <Badge size="xs" variant="light">
                    You
                  </Badge>
                )}
              </Group>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{member.email}</Text>
            </Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap">
                <Badge variant="outline" size="sm" color={member.roleName ? 'blue' : 'gray'}>
                  {member.roleName ?? 'No role'}
                </Badge>
                {member.superAdmin ? (
                  <Badge color="grape" size="sm" variant="light">
                    Account owner
                  </Badge>
                ) : member.admin ? (
                  <Badge color="blue" size="sm" variant="light">
                    Admin
                  </Badge>
                ) : null}
              </Group>
            </Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap">
                <Badge color={state.color} variant="light" size="sm">
                  {state.label}
                </Badge>
                {member.provisioned && (
                  <Badge color="teal" variant="light" size="sm">
                    Provisioned by SCIM
                  </Badge>
                )}
              </Group>
            </Table.Td>
            {canEdit && (
              <Table.Td>
                <MemberActions member={member} selfId={selfId} onEdit={onEdit} onRemove={onRemove} onViewPermissions={onViewPermissions} />
              </Table.Td>
            )}
          </Table.Tr>
        );
      })}
    </DataTable>
  );
}
