import { Anchor, Group, Stack } from '@mantine/core';
import { Link } from 'react-router';
import IconActivity from '@tabler/icons-react/dist/esm/icons/IconActivity.mjs';
import IconListSearch from '@tabler/icons-react/dist/esm/icons/IconListSearch.mjs';
import { PAGE_SIZES, TIMINGS_MS, canOpenScreen, routes } from '@replay/contracts';
import { useAccount } from '../../app/session/SessionProvider';
import { EmptyState } from '../../components/EmptyState';
import { PageTitle } from '../../components/PageTitle';
import { ListStates } from '../../components/list/ListStates';
import { SearchInput } from '../../components/list/SearchInput';
import { useClampPage } from '../../components/list/paging';
import { useListParams } from '../../components/list/use-list-params';
import { useActivities } from '../../features/activity/api';
import { ActivityTable } from '../../features/activity/ActivityTable';
import { NoActivityAccess } from '../../features/activity/NoActivityAccess';
import { useConsoleTitle } from '../../lib/use-document-title';

export const ACTIVITY_SEARCH_PLACEHOLDER = 'Filter by event';

/**
 * /activities: the console's events, filtered by event (250 ms after typing
 * stops) and paged by 10. Without VIEW_ACTIVITY the page shows its no-access
 * panel, so it is routed without the generic screen guard.
 */
export default function ActivitiesPage() {
  useConsoleTitle('Console Activity');
  const account = useAccount();
  const allowed = canOpenScreen(account.permissions, 'activities');
  const list = useListParams(TIMINGS_MS.activitySearchDebounce);
  const activities = useActivities(list.page, list.query, allowed);
  const total = activities.data?.total ?? 0;
  useClampPage(list.page, list.setPage, activities.data ? total : undefined, PAGE_SIZES.activities);

  const auditLink = canOpenScreen(account.permissions, 'audit') && (
    <Anchor component={Link} to={routes.client('audit')} size="sm">
      <Group gap={4} wrap="nowrap">
        <IconListSearch size={16} aria-hidden />
        Audit trail
      </Group>
    </Anchor>
  );

  if (!allowed) {
    return (
      <>
        <PageTitle title="Console Activity" />
        <NoActivityAccess />
      </>
    );
  }

  return (
    <>
      <PageTitle title="Console Activity" actions={auditLink} />
      <Stack gap="md">
        <SearchInput placeholder={ACTIVITY_SEARCH_PLACEHOLDER} value={list.text} onChange={list.setText} maw="100%" />
        <ListStates
          query={activities}
          loading={{ label: 'Loading activity', rows: 5, height: 36 }}
          errorPrefix="Error fetching activity"
          isEmpty={(data) => data.activities.length === 0}
          empty={
            <EmptyState
              icon={<IconActivity size={32} />}
              title={list.query ? 'No matching results' : 'No activity yet'}
              description={list.query ? `No event matches "${list.query}".` : 'Instances created, started or stopped, members invited and roles changed in this console are listed here, newest first.'}
            />
          }
          paging={{ page: list.page, pageSize: PAGE_SIZES.activities, total, noun: 'events', onPage: list.setPage }}
        >
          {(data) => <ActivityTable activities={data.activities} />}
        </ListStates>
      </Stack>
    </>
  );
}
