import { useState } from 'react';
import { Button, Group, Radio, Stack, Text } from '@mantine/core';
import { Drawer } from '../../../components/Drawer';
import {
  DRAWER_WIDTHS,
  MAINTENANCE_WINDOW_HOURS,
  RELEASE_HOUR_UTC,
  RELEASE_REGION_NAMES,
  VERSION_UPGRADE_HEALTH_TIMEOUT_MS,
  nextReleaseAt,
  releaseRegionOf,
  releaseWeekdayName,
  type Instance,
  type ProductVersion,
  type UpgradeWhen,
} from '@replay/contracts';
import { useReturnFocus } from '../../../components/dialog-focus';
import { useScheduleUpgrade } from './scheduled-upgrade';
import { useUpgradeVersion } from './versions';
import { useMaintenanceWindow } from '../maintenance/hooks';
import { formatDateTime, formatUtcDate } from '../../../lib/format-date';

interface Props {
  instance: Pick<Instance, 'instanceId' | 'version' | 'scheduledUpgrade' | 'provider' | 'region'>;
  /** Every version on offer; the drawer offers those newer than the instance's. */
  current: ProductVersion | undefined;
  newer: readonly ProductVersion[];
  opened: boolean;
  onClose: () => void;
}

const trackerText = (v: ProductVersion | undefined) => (v?.tracker ? `Reads trackers up to ${v.tracker}` : 'Tracker compatibility not stated');
const seconds = Math.round(VERSION_UPGRADE_HEALTH_TIMEOUT_MS / 1000);

/** When new versions reach the instance's region (the release days of spec section 9), so a member can plan around them. */
function releaseDayText({ provider, region }: Pick<Instance, 'provider' | 'region'>, now: number): string | null {
  const releaseRegion = releaseRegionOf(provider, region);
  if (!releaseRegion) return null;
  const hour = String(RELEASE_HOUR_UTC).padStart(2, '0');
  return `New versions reach ${RELEASE_REGION_NAMES[releaseRegion]} on ${releaseWeekdayName(releaseRegion)} at ${hour}:00 UTC; next: ${formatUtcDate(nextReleaseAt(releaseRegion, now))}.`;
}

/** The confirm button says what it does: start now, or wait for the window. */
function confirmLabel(target: string | null, when: UpgradeWhen): string {
  if (!target) return 'Upgrade';
  return when === 'now' ? `Upgrade to v${target}` : `Schedule upgrade to v${target}`;
}

/**
 * Upgrade Now's drawer (spec: 500 px): the version to move to, each with the
 * newest tracker it reads; when (now, or the next maintenance window, shown in
 * the reader's time zone); what happens (a backup first, a short restart, the
 * automatic rollback) and the confirmation. The newest version and "now" are
 * chosen first.
 */
export function UpgradeVersionDrawer({ instance, current, newer, opened, onClose }: Props) {
  const [chosen, setChosen] = useState<string | null>(null);
  const [when, setWhen] = useState<UpgradeWhen>('now');
  const upgrade = useUpgradeVersion(instance.instanceId, onClose);
  const schedule = useScheduleUpgrade(instance.instanceId, onClose);
  const maintenance = useMaintenanceWindow(instance.instanceId);
  useReturnFocus(opened);
  const target = chosen ?? newer.at(-1)?.version ?? null;
  const nextWindowAt = maintenance.data?.nextWindowAt;
  const waiting = instance.scheduledUpgrade ?? null;
  const pending = upgrade.isPending || schedule.isPending;
  const [releaseDay] = useState(() => releaseDayText(instance, Date.now()));

  const confirm = () => {
    if (!target) return;
    if (when === 'now') upgrade.mutate(target);
    else schedule.mutate(target);
  };

  return (
    <Drawer opened={opened} onClose={onClose} title="Upgrade version" position="right" size={DRAWER_WIDTHS.upgrade}>
      <Stack gap="md">
        <div>
          <Text size="sm" fw={600}>
            Current version: v{instance.version}
          </Text>
          <Text size="sm" c="dimmed">
            {trackerText(current)}
          </Text>
        </div>
        {releaseDay && (
          <Text size="sm" c="dimmed">
            {releaseDay}
          </Text>
        )}
        <Radio.Group label="New version" value={target} onChange={setChosen}>
          <Stack gap="sm" mt="xs">
            {newer.map((v) => (
              <Radio key={v.version} value={v.version} label={`v${v.version} (release ${v.release})`} description={trackerText(v)} />
            ))}
          </Stack>
        </Radio.Group>
        <Radio.Group label="When" value={when} onChange={(value) => setWhen(value as UpgradeWhen)}>
          <Stack gap="sm" mt="xs">
            <Radio value="now" label="Now" />
            <Radio
              value="maintenance"
              label="In the next maintenance window"
              disabled={nextWindowAt === undefined}
              description={
                nextWindowAt === undefined
                  ? maintenance.isError
                    ? 'The maintenance window could not be read.'
                    : 'Reading the maintenance window…'
                  : `${formatDateTime(nextWindowAt)} (your time zone)`
              }
            />
          </Stack>
        </Radio.Group>
        {when === 'maintenance' && (
          <Text size="sm">
            The upgrade starts once the window opens, or later in its first {MAINTENANCE_WINDOW_HOURS} hours if another change is under way. If it cannot start in the window, it waits for the next
            one.
            {waiting && ` It replaces the upgrade to v${waiting.version} scheduled for ${formatDateTime(waiting.at)}.`}
          </Text>
        )}
        <Text size="sm">
          The instance&apos;s data is backed up first, then the instance restarts at the new version: recording pauses for a moment. If the new version does not answer within {seconds} seconds, the
          console restores the backup and v{instance.version} by itself. Versions cannot be downgraded.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={target === null} loading={pending} onClick={confirm}>
            {confirmLabel(target, when)}
          </Button>
        </Group>
      </Stack>
    </Drawer>
  );
}
