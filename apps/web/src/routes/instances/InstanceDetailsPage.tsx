import { Alert, Anchor, Button, Grid, Group } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import IconServerOff from '@tabler/icons-react/dist/esm/icons/IconServerOff.mjs';
import IconBellRinging from '@tabler/icons-react/dist/esm/icons/IconBellRinging.mjs';
import { INSTANCE_MESSAGES, canOpenScreen, isModuleOn, routes } from '@replay/contracts';
import { useAccount } from '../../app/session/SessionProvider';
import { EmptyState } from '../../components/EmptyState';
import { NotAllowed } from '../../components/NotAllowed';
import { LoadError } from '../../components/list/LoadError';
import { withServerReason } from '../../components/list/status-text';
import { PageLoader } from '../../components/PageLoader';
import { instanceQueries } from '../../features/instances/api';
import { InstanceBreadcrumbs } from '../../features/instances/details/InstanceBreadcrumbs';
import { useInstanceHealth } from '../../features/instances/list/health';
import { useStatusPolling } from '../../features/instances/list/polling';
import { useSwitchOutcomeToast } from '../../features/instances/switch/switch';
import { alertPaths } from '../../features/alerts/api';
import { IfModule } from '../../features/console-modules/ModuleOff';
import { badgeFor, showActionsMenu } from '../../features/instances/rules';
import '../../features/instances/styles';
import { UsageCards } from '../../features/instances/monitoring/UsageCards';
import { useMonitoringFailureToast } from '../../features/instances/monitoring/hooks';
import { isForbidden, isNotFound } from '../../lib/api';
import { useConsoleTitle } from '../../lib/use-document-title';
import { DiskAlertBanner } from '../../features/instances/disk/DiskAlertBanner';
import { InstanceHeader } from './details/InstanceHeader';
import { InstanceTabs } from './details/InstanceTabs';
import { LatestEvents } from './details/LatestEvents';
import { SummaryCards } from './details/SummaryCards';
import { Icon } from '../../components/Icon';

export const INSTANCE_NOT_FOUND = 'Instance not found';

/** Instance details (spec section 2): breadcrumb, header with the Actions menu, summary and usage cards, the latest events, and the Monitoring, Events, Maintenance & Backups and CORS tabs. */
export default function InstanceDetailsPage() {
  const { instanceId = '' } = useParams();
  const account = useAccount();
  useMonitoringFailureToast(instanceId);

  const query = useQuery(instanceQueries.detail(instanceId));
  const instance = query.data;
  useConsoleTitle(instance?.name ?? 'Instance');
  const health = useInstanceHealth(instance, 'details');
  useStatusPolling(instance ? [instance] : [], 'details');
  useSwitchOutcomeToast(instance);

  if (query.isPending) return <PageLoader label="Loading instance" />;
  if (!instance) {
    if (isForbidden(query.error)) return <NotAllowed />;
    if (isNotFound(query.error)) return <InstanceNotFound />;
    return <LoadError message={withServerReason('The instance could not be loaded.', query.error)} onRetry={() => void query.refetch()} />;
  }

  const badge = badgeFor(instance, health, Date.now());
  const mayConfigure = canOpenScreen(account.permissions, 'instancesEdit') && instance.status !== 'terminated';

  return (
    <>
      <InstanceBreadcrumbs current={instance.name} />
      <InstanceHeader instance={instance} badge={badge} health={health} canEdit={canOpenScreen(account.permissions, 'instancesEdit')} showMenu={showActionsMenu(instance, badge.healthyRunning)} />
      {instance.failure !== null && !instance.inProgress && (
        <Alert color="red" variant="light" mb="lg" title={instance.uiFailure ?? undefined}>
          {instance.failure}
        </Alert>
      )}
      {instance.status === 'terminated' && (
        <Alert color="gray" variant="light" mb="lg">
          {INSTANCE_MESSAGES.terminated}
        </Alert>
      )}
      {instance.status !== 'terminated' && <DiskAlertBanner instance={instance} />}
      <SummaryCards instance={instance} />
      {/* Usage beside the latest events on a wide screen, so the tabs start within a 900 px high window. */}
      <Grid mb="xs">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <UsageCards instanceId={instance.instanceId} enabled={instance.status !== 'terminated'} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <LatestEvents events={'latestEvents' in instance ? instance.latestEvents : undefined} />
        </Grid.Col>
      </Grid>
      <Group justify="flex-end" mb="md">
        {instance.status === 'running' && isModuleOn(account.settings, 'errors') && (
          <Anchor component={Link} to={routes.errors(instance.instanceId)} size="sm">
            JavaScript errors
          </Anchor>
        )}
        <IfModule module="alerts">
          <Button component={Link} to={alertPaths.list(instance.instanceId)} variant="light" size="xs" leftSection={<Icon icon={IconBellRinging} />}>
            Alert rules
          </Button>
        </IfModule>
      </Group>
      <InstanceTabs instance={instance} mayConfigure={mayConfigure} />
    </>
  );
}

/** Terminated, or another account's: said plainly, with the way back. */
function InstanceNotFound() {
  return (
    <>
      <InstanceBreadcrumbs current={INSTANCE_NOT_FOUND} />
      <EmptyState
        icon={<IconServerOff size={32} />}
        title={INSTANCE_NOT_FOUND}
        description="It may have been terminated, or it belongs to another account."
        action={
          <Button component={Link} to={routes.instances()} variant="light">
            Back to Instances
          </Button>
        }
      />
    </>
  );
}
