import { Anchor, Button, Table } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import IconBellRinging from '@tabler/icons-react/dist/esm/icons/IconBellRinging.mjs';
import { ALERT_MESSAGES, alertConditionText, canOpenScreen, routes } from '@replay/contracts';
import { useAccount } from '../../app/session/SessionProvider';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/list/LoadError';
import { withServerReason } from '../../components/list/status-text';
import { PageLoader } from '../../components/PageLoader';
import { PageTitle } from '../../components/PageTitle';
import { alertPaths, useAlertRules } from '../../features/alerts/api';
import { AlertStateBadge } from '../../features/alerts/AlertStateBadge';
import { useSite } from '../../features/projects/SiteScope';
import { instanceQueries } from '../../features/instances/api';
import { InstanceBreadcrumbs } from '../../features/instances/details/InstanceBreadcrumbs';
import { useConsoleTitle } from '../../lib/use-document-title';

/**
 * Instances › {the instance's name} › Alert Rules › {current}. The name comes from the instance's
 * details read (shared with its page, so often cached); 'Instance' stands in while it loads or
 * when it cannot be read (issue 42: it always said 'Instance').
 */
export function AlertCrumbs({ siteId, instanceId, current }: { siteId: string; instanceId: string; current: string }) {
  const instance = useQuery(instanceQueries.detail(instanceId));
  const trail = [{ label: instance.data?.name ?? 'Instance', to: routes.instance(instanceId) }];
  if (current !== 'Alert Rules') trail.push({ label: 'Alert Rules', to: alertPaths.list(siteId) });
  return <InstanceBreadcrumbs current={current} trail={trail} />;
}

/** /{siteId}/alerts: a project's alert rules, their condition and whether they fire now. */
export default function AlertsPage() {
  useConsoleTitle('Alert Rules');
  const site = useSite();
  const { siteId, instanceId } = site;
  const account = useAccount();
  const query = useAlertRules(site);
  const mayEdit = canOpenScreen(account.permissions, 'instancesEdit');
  const create = mayEdit ? (
    <Button component={Link} to={alertPaths.create(siteId)}>
      Create Alert Rule
    </Button>
  ) : undefined;

  return (
    <>
      <AlertCrumbs siteId={siteId} instanceId={instanceId} current="Alert Rules" />
      <PageTitle title="Alert Rules" actions={create} />
      {query.isPending ? (
        <PageLoader />
      ) : query.isError ? (
        <LoadError message={withServerReason('The alert rules could not be loaded.', query.error)} onRetry={() => void query.refetch()} />
      ) : query.data.alerts.length === 0 ? (
        <EmptyState
          icon={<IconBellRinging size={28} />}
          title={ALERT_MESSAGES.empty}
          description="A rule watches CPU, memory, disk or health and tells the team when it crosses a line."
          action={create}
        />
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Condition</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>Mail</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.alerts.map((rule) => (
                <Table.Tr key={rule.alertId}>
                  <Table.Td>
                    <Anchor component={Link} to={alertPaths.one(siteId, rule.alertId)}>
                      {rule.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{alertConditionText(rule)}</Table.Td>
                  <Table.Td>
                    <AlertStateBadge rule={rule} />
                  </Table.Td>
                  <Table.Td>{rule.mail ? 'Yes' : 'No'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}
