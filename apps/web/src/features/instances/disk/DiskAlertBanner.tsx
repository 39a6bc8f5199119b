import { Alert, Text } from '@mantine/core';
import IconAlertTriangle from '@tabler/icons-react/dist/esm/icons/IconAlertTriangle.mjs';
import { DISK_ALERT_MESSAGES, type Instance } from '@replay/contracts';
import { fullInLabel } from './format';
import { useStoragePolling } from './hooks';
import { useStatistics } from '../monitoring/hooks';

/**
 * The disk's state on the details page: the alert from the real usage
 * (statistics.diskAlert: warning from 80 %, critical where the agent stops
 * recording, spec section 8's words) with the forecast ('full in about N
 * days', statistics.diskFullInDays) when the trend allows one. It also keeps
 * the 1-s poll of a growing disk running while the drawer is closed.
 * Statistics are the usage cards' query (same key), so nothing is fetched twice.
 */
export function DiskAlertBanner({ instance }: { instance: Instance }) {
  useStoragePolling(instance);
  const statistics = useStatistics(instance.instanceId, instance.status !== 'terminated');
  const alert = statistics.data?.diskAlert ?? null;
  const fullIn = statistics.data?.diskFullInDays ?? null;
  if (alert === null && fullIn === null) return null;
  const critical = alert === 'critical';
  return (
    <Alert
      color={critical ? 'red' : alert === 'warning' ? 'yellow' : 'blue'}
      variant="light"
      mb="lg"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={alert ? DISK_ALERT_MESSAGES[alert] : undefined}
      data-disk-alert={alert ?? 'forecast'}
    >
      {fullIn !== null && <Text size="sm">{fullInLabel(fullIn)}</Text>}
    </Alert>
  );
}
