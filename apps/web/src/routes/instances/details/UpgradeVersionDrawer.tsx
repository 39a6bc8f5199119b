import { useState } from 'react';
import { Button, Drawer, Group, Radio, Stack, Text } from '@mantine/core';
import { DRAWER_WIDTHS, VERSION_UPGRADE_HEALTH_TIMEOUT_MS, type Instance, type ProductVersion } from '@replay/contracts';
import { useReturnFocus } from '../../../components/dialog-focus';
import { useUpgradeVersion } from '../../../features/instances/versions';

interface Props {
  instance: Pick<Instance, 'instanceId' | 'version'>;
  /** Every version on offer; the drawer offers those newer than the instance's. */
  current: ProductVersion | undefined;
  newer: readonly ProductVersion[];
  opened: boolean;
  onClose: () => void;
}

const trackerText = (v: ProductVersion | undefined) => (v?.tracker ? `Reads trackers up to ${v.tracker}` : 'Tracker compatibility not stated');
const seconds = Math.round(VERSION_UPGRADE_HEALTH_TIMEOUT_MS / 1000);

/**
 * Upgrade Now's drawer (spec: 500 px): the version to move to, each with the
 * newest tracker it reads, what happens (a backup first, a short restart,
 * the automatic rollback) and the confirmation. The newest is chosen first.
 */
export function UpgradeVersionDrawer({ instance, current, newer, opened, onClose }: Props) {
  const [chosen, setChosen] = useState<string | null>(null);
  const upgrade = useUpgradeVersion(instance.instanceId, onClose);
  useReturnFocus(opened);
  const target = chosen ?? newer.at(-1)?.version ?? null;

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
        <Radio.Group label="New version" value={target} onChange={setChosen}>
          <Stack gap="sm" mt="xs">
            {newer.map((v) => (
              <Radio key={v.version} value={v.version} label={`v${v.version} (release ${v.release})`} description={trackerText(v)} />
            ))}
          </Stack>
        </Radio.Group>
        <Text size="sm">
          The instance&apos;s data is backed up first, then the instance restarts at the new version: recording pauses for a moment. If the new version does
          not answer within {seconds} seconds, the console restores the backup and v{instance.version} by itself. Versions cannot be downgraded.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={target === null} loading={upgrade.isPending} onClick={() => target && upgrade.mutate(target)}>
            {target ? `Upgrade to v${target}` : 'Upgrade'}
          </Button>
        </Group>
      </Stack>
    </Drawer>
  );
}
