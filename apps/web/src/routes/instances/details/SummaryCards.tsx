import { SimpleGrid } from '@mantine/core';
import { HOURLY_DIGITS, RETENTION_MESSAGES, SSO_MESSAGES, VERSION_MESSAGES, formatMoney, frequencyLabel, retentionLabel, type Instance } from '@replay/contracts';
import { capacityLabel, providerLabel } from '../../../features/instances/format';
import { useBackups } from '../../../features/instances/backups/hooks';
import { useMaintenanceWindow } from '../../../features/instances/maintenance/hooks';
import { useRetention } from '../../../features/instances/retention/hooks';
import { useSso } from '../../../features/instances/sso/hooks';
import { formatDateTime } from '../../../lib/format-date';
import { SummaryCard as Summary } from '../../../components/SummaryCard';

/** The spec's Data Retention card: the days kept, and whether a change is still being applied. */
function RetentionCard({ instance }: { instance: Instance }) {
  const { data } = useRetention(instance.instanceId, instance.status !== 'terminated');
  return <Summary title="Data Retention" value={data ? retentionLabel(data.days) : '…'} hint={data?.pending ? RETENTION_MESSAGES.pending : undefined} />;
}

/** The spec's Last Backup card: when the newest backup still kept was taken. */
function LastBackupCard({ instance }: { instance: Instance }) {
  const { data } = useBackups(instance.instanceId, instance.status !== 'terminated');
  const value = !data ? '…' : data.lastBackupAt === null ? 'No backup yet' : formatDateTime(data.lastBackupAt);
  return <Summary title="Last Backup" value={value} hint={data?.schedule.enabled ? `Daily around ${data.schedule.timeUtc} UTC` : undefined} />;
}

/** The spec's SSO card: off, on through the IdP, or enforced. */
function SsoCard({ instance }: { instance: Instance }) {
  const { data } = useSso(instance.instanceId, instance.status !== 'terminated');
  const value = !data ? '…' : !data.idp ? 'Off' : data.enforce ? 'Enforced' : 'On';
  return <Summary title="SSO" value={value} hint={data?.pending ? SSO_MESSAGES.pending : data?.idp?.name} />;
}

/**
 * The spec's Upcoming Maintenance card: the next window in the user's time zone, and the rule it
 * follows (UTC); an upgrade waiting for a window is said instead of the rule.
 */
function MaintenanceCard({ instance }: { instance: Instance }) {
  const { data } = useMaintenanceWindow(instance.instanceId, instance.status !== 'terminated');
  const rule = data && `${frequencyLabel(data.frequency, data.day)}, ${data.hour}:${String(data.minute).padStart(2, '0')} ${data.meridiem} UTC`;
  const upgrade = instance.scheduledUpgrade;
  // Usually the window shown; another one when that window opened and the upgrade still waits in it (the instance busy).
  const upgradeHint = upgrade && (upgrade.at === data?.nextWindowAt ? `Upgrade to ${upgrade.version} in this window` : VERSION_MESSAGES.scheduled(upgrade.version, formatDateTime(upgrade.at)));
  return <Summary title="Upcoming Maintenance" value={data ? formatDateTime(data.nextWindowAt) : '…'} hint={upgradeHint || rule} />;
}

/**
 * What the instance record tells, and the spec's cards: its next maintenance window, last
 * backup, data retention and SSO.
 */
export function SummaryCards({ instance }: { instance: Instance }) {
  const { pricingDetails, storagePrice } = instance;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} mb="md">
      <Summary title="Capacity" value={capacityLabel(instance.size)} />
      <Summary title="Region" value={instance.regionLabel} hint={providerLabel(instance.provider)} />
      <Summary title="Disk" value={`${instance.diskSize} GB`} hint={`${formatMoney(storagePrice.monthly)} per month for storage`} />
      <Summary
        title="Price"
        value={`${formatMoney(pricingDetails.monthlyPrice)} per month`}
        hint={`${formatMoney(pricingDetails.hourlyPrice, HOURLY_DIGITS)} per hour · created ${formatDateTime(instance.createdAt)}`}
      />
      <MaintenanceCard instance={instance} />
      <LastBackupCard instance={instance} />
      <RetentionCard instance={instance} />
      <SsoCard instance={instance} />
    </SimpleGrid>
  );
}
