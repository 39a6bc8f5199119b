import { useCallback, useState } from 'react';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import IconDownload from '@tabler/icons-react/dist/esm/icons/IconDownload.mjs';
import IconListSearch from '@tabler/icons-react/dist/esm/icons/IconListSearch.mjs';
import { PAGE_SIZES, canOpenScreen, routes } from '@replay/contracts';
import { useAccount } from '../../app/session/SessionProvider';
import { EmptyState } from '../../components/EmptyState';
import { PageTitle } from '../../components/PageTitle';
import { ListStates } from '../../components/list/ListStates';
import { useClampPage } from '../../components/list/paging';
import { useTrails, type TrailsFilter } from '../../features/audit/api';
import { AuditEntryDrawer } from '../../features/audit/AuditEntryDrawer';
import { AuditFilters } from '../../features/audit/AuditFilters';
import { AuditTable } from '../../features/audit/AuditTable';
import { exportTrails } from '../../features/audit/export';
import { SignedExportMenu } from '../../features/audit/SignedExportMenu';
import { resolvePeriod } from '../../features/audit/period';
import { useAuditParams } from '../../features/audit/use-audit-params';
import { useConsoleTitle } from '../../lib/use-document-title';

/**
 * The audit trail (settings area, /client/audit): every call that changed
 * something, 20 a page, the last 7 days unless another period is chosen;
 * filters by period, user, action and text; a row opens the full entry;
 * Export writes every matching entry to CSV; Signed export downloads the
 * account's whole hash chain with its signed head (CSV or JSON Lines).
 */
export default function AuditPage() {
  useConsoleTitle('Audit Trail');
  const account = useAccount();
  const params = useAuditParams();
  const [openId, setOpenId] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const { choice, userId, action, query, page, setPage } = params;

  // Relative periods ("last 30 minutes") are resolved when a page is fetched or exported, not when chosen.
  const resolve = useCallback((): TrailsFilter | null => {
    const { period } = resolvePeriod(choice, Date.now());
    return period ? { period, userId: userId ?? undefined, action: action ?? undefined, query: query || undefined } : null;
  }, [choice, userId, action, query]);
  const periodError = resolvePeriod(choice, Date.now()).error;

  const choiceKey = { ...choice, userId, action, query };
  const trails = useTrails(choiceKey, page, resolve);
  const total = trails.data?.count ?? 0;

  useClampPage(page, setPage, trails.data ? total : undefined, PAGE_SIZES.audit);

  const onExport = async () => {
    const filter = resolve();
    if (!filter) return;
    setExporting(true);
    await exportTrails(filter);
    setExporting(false);
  };

  const exportButton = (
    <Group gap="xs">
      <SignedExportMenu />
      <Button leftSection={<IconDownload size={16} />} variant="default" onClick={() => void onExport()} loading={exporting} disabled={periodError !== null || total === 0}>
        Export
      </Button>
    </Group>
  );

  return (
    <>
      <PageTitle title="Audit Trail" actions={exportButton} />
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            Every change made in this console, who made it, and how it ended.
          </Text>
          {canOpenScreen(account.permissions, 'activities') && (
            <Anchor component={Link} to={routes.activities()} size="sm">
              Console activity
            </Anchor>
          )}
        </Group>
        <AuditFilters params={params} canListMembers={canOpenScreen(account.permissions, 'members')} periodError={periodError} />
        {periodError ? null : (
          <ListStates
            query={trails}
            loading={{ label: 'Loading audit trail', rows: 6, height: 44 }}
            errorPrefix="Error fetching audit trail"
            isEmpty={(data) => data.sessions.length === 0}
            empty={<EmptyState icon={<IconListSearch size={32} />} title="No matching results" description="No change was recorded for these filters. Try a longer period or fewer filters." />}
            paging={{ page, pageSize: PAGE_SIZES.audit, total, noun: 'entries', onPage: setPage }}
          >
            {(data) => <AuditTable entries={data.sessions} onOpen={setOpenId} />}
          </ListStates>
        )}
      </Stack>
      <AuditEntryDrawer id={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
