import { Anchor, Button, Stack, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import IconBug from '@tabler/icons-react/dist/esm/icons/IconBug.mjs';
import { PAGE_SIZE_ERRORS, canOpenScreen, routes, type JsErrorGroup } from '@replay/contracts';
import { useAccount } from '../../app/session/SessionProvider';
import { EmptyState } from '../../components/EmptyState';
import { PageTitle } from '../../components/PageTitle';
import { DataTable } from '../../components/list/DataTable';
import { ListStates } from '../../components/list/ListStates';
import { useClampPage, usePageParam } from '../../components/list/paging';
import { useSiteErrors } from '../../features/js-errors/api';
import { SourceMapsList } from '../../features/js-errors/SourceMapsList';
import { useConsoleTitle } from '../../lib/use-document-title';
import { useSite } from '../../features/projects/SiteScope';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const frameText = (g: JsErrorGroup) => (g.topFrame ? `${g.topFrame.function ?? '(anonymous)'} ${g.topFrame.file}:${g.topFrame.line}:${g.topFrame.column}` : '—');

/** /{siteId}/errors: the instance's JavaScript errors, grouped by message and top frame, the latest first, 20 a page; below, its source maps. */
export default function ErrorsPage() {
  useConsoleTitle('Errors');
  const site = useSite();
  const { siteId, instanceId } = site;
  const [page, setPage] = usePageParam();
  const account = useAccount();
  const errors = useSiteErrors(site, page);
  useClampPage(page, setPage, errors.data?.total, PAGE_SIZE_ERRORS);
  return (
    <>
      <PageTitle
        title="Errors"
        actions={
          <Button component={Link} to={routes.instance(instanceId)} variant="default">
            Back to the instance
          </Button>
        }
      />
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          JavaScript errors the tracker reported from your sites, grouped by message and where they were thrown.
        </Text>
        <ListStates
          query={errors}
          loading={{ label: 'Loading errors', rows: 4, height: 36 }}
          errorPrefix="Error fetching errors"
          isEmpty={(d) => d.total === 0}
          empty={<EmptyState icon={<IconBug size={32} />} title="No errors yet" description="Errors the tracker reports from your sites show here." />}
          paging={{ page, pageSize: PAGE_SIZE_ERRORS, total: errors.data?.total ?? 0, noun: 'errors', onPage: setPage }}
        >
          {(data) => (
            <DataTable label="Errors" columns={['Error', 'Where', 'Occurrences', 'Last seen']} busy={errors.isFetching}>
              {data.errors.map((g) => (
                <Table.Tr key={g.errorId}>
                  <Table.Td>
                    <Anchor component={Link} to={routes.error(siteId, g.errorId)}>
                      {g.name}: {g.message}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace" lineClamp={1}>
                      {frameText(g)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{g.count}</Table.Td>
                  <Table.Td>{when.format(new Date(g.lastSeen))}</Table.Td>
                </Table.Tr>
              ))}
            </DataTable>
          )}
        </ListStates>
        <SourceMapsList site={site} canEdit={canOpenScreen(account.permissions, 'instancesEdit')} />
      </Stack>
    </>
  );
}
