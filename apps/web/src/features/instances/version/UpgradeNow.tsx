import { useState } from 'react';
import { Badge, Button } from '@mantine/core';
import IconArrowUp from '@tabler/icons-react/dist/esm/icons/IconArrowUp.mjs';
import { VERSION_MESSAGES, newerVersions, type Instance } from '@replay/contracts';
import { Spinner } from '../../../components/Spinner';
import { useVersions } from './versions';
import { UpgradeVersionDrawer } from './UpgradeVersionDrawer';
import { Icon } from '../../../components/Icon';

interface Props {
  instance: Pick<Instance, 'instanceId' | 'version' | 'status' | 'inProgress' | 'pendingVersion' | 'scheduledUpgrade' | 'provider' | 'region'>;
  canEdit: boolean;
}

/**
 * Beside the version chip: 'Upgrading to …' while an upgrade runs, else
 * 'Upgrade Now' when a newer version is offered, the instance runs and
 * nothing else is under way, and the member may change it.
 */
export function UpgradeNow({ instance, canEdit }: Props) {
  const [opened, setOpened] = useState(false);
  const upgrading = instance.status === 'version-upgrading';
  const versions = useVersions(canEdit && instance.status === 'running');
  const newer = newerVersions(instance.version, versions.data ?? []);

  if (upgrading) {
    return (
      <Badge variant="light" color="blue" radius="sm" tt="none" leftSection={<Spinner label="Upgrade in progress" size={10} />}>
        {VERSION_MESSAGES.upgrading(instance.pendingVersion ?? '')}
      </Badge>
    );
  }
  if (!canEdit || instance.status !== 'running' || instance.inProgress || newer.length === 0) return null;
  return (
    <>
      <Button size="compact-sm" variant="light" leftSection={<Icon icon={IconArrowUp} />} onClick={() => setOpened(true)}>
        Upgrade Now
      </Button>
      {opened && <UpgradeVersionDrawer instance={instance} current={versions.data?.find((v) => v.version === instance.version)} newer={newer} opened={opened} onClose={() => setOpened(false)} />}
    </>
  );
}
