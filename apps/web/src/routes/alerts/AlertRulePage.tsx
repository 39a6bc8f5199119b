import { useState } from 'react';
import { Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router';
import { ALERT_MESSAGES, canOpenScreen, type AlertHistoryEntry } from '@replay/contracts';
import { useAccount } from '../../app/session/SessionProvider';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadError } from '../../components/list/LoadError';
import { withServerReason } from '../../components/list/status-text';
import { PageLoader } from '../../components/PageLoader';
import { PageTitle } from '../../components/PageTitle';
import { alertPaths, useAlertRule, useDeleteAlertRule, useSaveAlertRule } from '../../features/alerts/api';
import { AlertRuleForm } from '../../features/alerts/AlertRuleForm';
import { AlertStateBadge } from '../../features/alerts/AlertStateBadge';
import { useSite } from '../../features/projects/SiteScope';
import { formatDateTime } from '../../lib/format-date';
import { useConsoleTitle } from '../../lib/use-document-title';
import { AlertCrumbs } from './AlertsPage';

function History({ entries }: { entries: AlertHistoryEntry[] }) {
  if (entries.length === 0) return <Text c="dimmed">It has not fired yet.</Text>;
  return (
    <Table>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>When</Table.Th>
          <Table.Th>What</Table.Th>
          <Table.Th>Value</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entries.map((h) => (
          <Table.Tr key={h.id}>
            <Table.Td>{formatDateTime(h.at)}</Table.Td>
            <Table.Td>{h.kind === 'fired' ? 'Fired' : 'Resolved'}</Table.Td>
            <Table.Td>{h.value === null ? '—' : h.threshold === null ? (h.value === 0 ? 'Unhealthy' : 'Healthy') : `${Math.round(h.value)} %`}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** /{siteId}/alert/create and /{siteId}/alert/{alertId}: the rule's form, its state and history, and Delete. */
export default function AlertRulePage() {
  const { alertId } = useParams();
  const site = useSite();
  const { siteId, instanceId } = site;
  const id = alertId ?? null;
  useConsoleTitle(id ? 'Alert Rule' : 'Create Alert Rule');
  const navigate = useNavigate();
  const mayEdit = canOpenScreen(useAccount().permissions, 'instancesEdit');
  const query = useAlertRule(site, id);
  const save = useSaveAlertRule(site, id, (saved) => navigate(alertPaths.one(siteId, saved)));
  const remove = useDeleteAlertRule(site, () => navigate(alertPaths.list(siteId)));
  const [confirming, setConfirming] = useState(false);

  if (id && query.isPending) return <PageLoader />;
  if (id && query.isError) return <LoadError message={withServerReason('The alert rule could not be loaded.', query.error)} onRetry={() => void query.refetch()} />;
  const details = id ? (query.data ?? null) : null;
  const title = details ? details.alert.name : 'Create Alert Rule';

  return (
    <>
      <AlertCrumbs siteId={siteId} instanceId={instanceId} current={title} />
      <PageTitle
        title={title}
        actions={
          details && mayEdit ? (
            <Button color="red" variant="light" onClick={() => setConfirming(true)}>
              Delete
            </Button>
          ) : undefined
        }
      />
      <Stack gap="lg">
        {details && (
          <Group gap="xs">
            <Text>State:</Text>
            <AlertStateBadge rule={details.alert} />
          </Group>
        )}
        <Card withBorder>
          <AlertRuleForm key={details?.alert.updatedAt ?? 'new'} rule={details?.alert ?? null} saving={save.isPending} readOnly={!mayEdit} onSubmit={(input) => save.mutate(input)} />
        </Card>
        {details && (
          <section aria-labelledby="alert-history">
            <Title order={2} size="h4" mb="sm" id="alert-history">
              History
            </Title>
            <History entries={details.history} />
          </section>
        )}
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title="Delete alert rule"
        danger
        confirmLabel="Delete"
        loading={remove.isPending}
        onConfirm={() => details && remove.mutate(details.alert.alertId)}
        onCancel={() => setConfirming(false)}
      >
        {ALERT_MESSAGES.deleteConfirm}
      </ConfirmDialog>
    </>
  );
}
