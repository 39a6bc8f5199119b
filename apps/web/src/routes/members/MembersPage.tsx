import { useEffect, useState } from 'react';
import { Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import IconUserPlus from '@tabler/icons-react/dist/esm/icons/IconUserPlus.mjs';
import IconUsers from '@tabler/icons-react/dist/esm/icons/IconUsers.mjs';
import { MEMBER_MESSAGES, PAGE_SIZES, ROLE_MESSAGES, TIMINGS_MS, canOpenScreen, type TeamMember } from '@replay/contracts';
import { useAccount } from '../../app/session/SessionProvider';
import { EmptyState } from '../../components/EmptyState';
import { PageTitle } from '../../components/PageTitle';
import { ListStates } from '../../components/list/ListStates';
import { SearchInput } from '../../components/list/SearchInput';
import { withStatusText } from '../../components/list/status-text';
import { useClampPage } from '../../components/list/paging';
import { useListParams } from '../../components/list/use-list-params';
import { useLimits, useMembers, useRoleChoices } from '../../features/members/api';
import { MemberFormModal } from '../../features/members/MemberFormModal';
import { MembersTable } from '../../features/members/MembersTable';
import { PermissionViewerDrawer } from '../../features/permission-viewer/PermissionViewerDrawer';
import { RemoveMemberDialog } from '../../features/members/RemoveMemberDialog';
import { notifyError } from '../../lib/notify';
import { useConsoleTitle } from '../../lib/use-document-title';

export const SEARCH_PLACEHOLDER = 'Filter by name, role';

/** /members: the team, searchable and paged; invite, edit and remove with EDIT_MEMBERS, read-only otherwise. */
export default function MembersPage() {
  useConsoleTitle('Team Members');
  const account = useAccount();
  const canEdit = canOpenScreen(account.permissions, 'membersEdit');
  const list = useListParams(TIMINGS_MS.searchDebounce);
  const members = useMembers(list.page, list.query);
  const roles = useRoleChoices(canEdit);
  const limits = useLimits();
  const [editing, setEditing] = useState<TeamMember | 'new' | null>(null);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const [viewing, setViewing] = useState<TeamMember | null>(null);

  const total = members.data?.total ?? 0;
  useClampPage(list.page, list.setPage, members.data ? total : undefined, PAGE_SIZES.members);

  useEffect(() => {
    if (roles.error) notifyError(withStatusText(ROLE_MESSAGES.fetchRolesFailed, roles.error));
  }, [roles.error]);

  const seatsLeft = limits.data?.teamMember.remaining;
  const full = seatsLeft !== undefined && seatsLeft <= 0;
  const inviteButton = canEdit && (
    <Tooltip label={MEMBER_MESSAGES.seatLimit(limits.data?.teamMember.limit ?? 0)} disabled={!full}>
      <Button leftSection={<IconUserPlus size={16} />} onClick={() => setEditing('new')} disabled={full}>
        Invite Team Member
      </Button>
    </Tooltip>
  );

  return (
    <>
      <PageTitle title="Team Members" actions={inviteButton} />
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <SearchInput placeholder={SEARCH_PLACEHOLDER} value={list.text} onChange={list.setText} maw="100%" />
          {canEdit && limits.data && (
            <Text size="sm" c="dimmed">
              {limits.data.teamMember.remaining} of {limits.data.teamMember.limit} team member seats left
            </Text>
          )}
        </Group>
        <ListStates
          query={members}
          loading={{ label: 'Loading team members', rows: 4, height: 40 }}
          errorPrefix="Error fetching team members"
          isEmpty={(data) => data.users.length === 0}
          empty={
            <EmptyState
              icon={<IconUsers size={32} />}
              title={list.query ? 'No matching results' : 'No team members yet'}
              description={list.query ? `Nobody on the team matches "${list.query}".` : undefined}
            />
          }
          paging={{ page: list.page, pageSize: PAGE_SIZES.members, total, noun: 'members', onPage: list.setPage }}
        >
          {(data) => <MembersTable members={data.users} selfId={account.userId} canEdit={canEdit} onEdit={setEditing} onRemove={setRemoving} onViewPermissions={setViewing} />}
        </ListStates>
      </Stack>
      {canEdit && editing !== null && (
        <MemberFormModal
          key={editing === 'new' ? 'new' : editing.userId}
          member={editing === 'new' ? null : editing}
          roles={roles.data ?? []}
          rolesLoading={roles.isPending}
          rolesFailed={roles.isError}
          actor={account}
          onClose={() => setEditing(null)}
        />
      )}
      {canEdit && removing && <RemoveMemberDialog member={removing} onClose={() => setRemoving(null)} />}
      {canEdit && viewing && <PermissionViewerDrawer subject={{ memberId: viewing.userId }} name={viewing.name} onClose={() => setViewing(null)} />}
    </>
  );
}
