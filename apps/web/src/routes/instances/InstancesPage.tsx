import { Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import IconPlus from '@tabler/icons-react/dist/esm/icons/IconPlus.mjs';
import IconSearch from '@tabler/icons-react/dist/esm/icons/IconSearch.mjs';
import IconServer from '@tabler/icons-react/dist/esm/icons/IconServer.mjs';
import { PAGE_SIZES, TIMINGS_MS, canOpenScreen, routes } from '@replay/contracts';
import { useAccount } from '../../app/session/SessionProvider';
import { EmptyState } from '../../components/EmptyState';
import { PageTitle } from '../../components/PageTitle';
import { ListFooter } from '../../components/list/ListFooter';
import { LoadError } from '../../components/list/LoadError';
import { SearchInput } from '../../components/list/SearchInput';
import { LIST_PARAMS, readPage, useClampPage } from '../../components/list/paging';
import { withServerReason } from '../../components/list/status-text';
import { useListParams } from '../../components/list/use-list-params';
import { usePublicConfig } from '../../features/config/api';
import { instanceQueries } from '../../features/instances/api';
import { GettingStarted } from '../../features/onboarding/GettingStarted';
import { useOnboarding } from '../../features/onboarding/onboarding-flag';
import { WelcomeSteps } from '../../features/onboarding/WelcomeSteps';
import { IfModule } from '../../features/console-modules/ModuleOff';
import { useRefetchOnReturn, useStatusPolling } from '../../features/instances/list/polling';
import { useLiveStatus } from '../../features/instances/live-status/live-status';
import '../../features/instances/styles';
import type { ScreenPrefetch } from '../../lib/lazy';
import { useConsoleTitle } from '../../lib/use-document-title';
import { InstancesTable } from './InstancesTable';

export const NO_INSTANCES = 'Currently, there are no instances available.';
export const NO_MATCHES = 'No matching results';

function CreateButton() {
  return (
    <Button component={Link} to={routes.instancesCreate()} leftSection={<IconPlus size={16} />}>
      Create Instance
    </Button>
  );
}

/** The instances list (spec section 2), also served at /ms/instances. */
/** The list as the page first asks for it (see lazyRoute): the same key, so the page finds it in the cache. */
export const prefetch: ScreenPrefetch = (queryClient, search) => {
  const filters = { page: readPage(search.get(LIST_PARAMS.page)), search: (search.get(LIST_PARAMS.query) ?? '').trim() };
  return queryClient.prefetchQuery(instanceQueries.list(filters));
};

export default function InstancesPage() {
  useConsoleTitle('Instances');
  const account = useAccount();
  const { data: config } = usePublicConfig();
  const canCreate = canOpenScreen(account.permissions, 'instancesCreate');
  const { page, query: search, text, setText, setPage } = useListParams(TIMINGS_MS.searchDebounce);

  const list = useQuery({
    ...instanceQueries.list({ page, search }),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
  const { data, refetch } = list;
  useStatusPolling(data?.instances ?? [], 'list');
  const live = useLiveStatus();
  useRefetchOnReturn(() => void refetch());

  // Spec section 5: the page number stays between 1 and the number of pages.
  useClampPage(page, setPage, list.isPlaceholderData ? undefined : data?.total, PAGE_SIZES.instances);

  const onboarding = useOnboarding();
  const empty = data !== undefined && data.total === 0;
  const welcome = empty && !search;

  return (
    <>
      <PageTitle title="Instances" actions={canCreate && !welcome ? <CreateButton /> : undefined} />
      {/* The checklist's steps open the onboarding tabs of the account's first project: it shows once there is one, whatever the list shows. */}
      {data && !welcome && (
        <IfModule module="getting-started">
          <GettingStarted tenantId={account.tenantId} />
        </IfModule>
      )}
      {!welcome && (
        <Group mb="md">
          <SearchInput placeholder="Filter by instance name" value={text} onChange={setText} maxLength={100} />
          {/* Said once the live status stream is open: changes then show as they happen, without polling. */}
          <Text size="sm" role="status" data-live-status={live ? 'open' : 'off'}>
            {live ? 'Live updates' : ''}
          </Text>
        </Group>
      )}
      {list.isError && !data ? (
        <LoadError message={withServerReason('The instances could not be loaded.', list.error)} onRetry={() => void refetch()} />
      ) : welcome ? (
        canCreate ? (
          <>
            <EmptyState
              icon={<IconServer size={32} />}
              title="Welcome!"
              description={config ? `Let's create your dedicated ${config.productName} instance.` : "Let's create your dedicated instance."}
              action={<CreateButton />}
            />
            {onboarding && <WelcomeSteps />}
          </>
        ) : (
          <EmptyState icon={<IconServer size={32} />} title={NO_INSTANCES} />
        )
      ) : empty ? (
        <EmptyState icon={<IconSearch size={32} />} title={NO_MATCHES} />
      ) : (
        <>
          <InstancesTable instances={data?.instances} busy={list.isFetching} />
          {data && <ListFooter page={page} pageSize={PAGE_SIZES.instances} total={data.total} noun="instances" onPage={setPage} />}
        </>
      )}
    </>
  );
}
