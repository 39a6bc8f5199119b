import { useState } from 'react';
import { Badge, Button } from '@mantine/core';
import IconClock from '@tabler/icons-react/dist/esm/icons/IconClock.mjs';
import { VERSION_MESSAGES, type Instance } from '@replay/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useCancelScheduledUpgrade } from './scheduled-upgrade';
import { formatDateTime } from '../../../lib/format-date';

interface Props {
  instance: Pick<Instance, 'instanceId' | 'version' | 'status' | 'scheduledUpgrade'>;
  canEdit: boolean;
}

/**
 * Beside the version chip: the upgrade waiting for the maintenance window, with the
 * window's opening in the reader's time zone, and (for a member who may change the
 * instance) Cancel, after a confirmation.
 */
export function ScheduledUpgrade({ instance, canEdit }: Props) {
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelScheduledUpgrade(instance.instanceId, () => setConfirming(false));
  const scheduled = instance.scheduledUpgrade;
  if (!scheduled || instance.status === 'terminated') return null;
  const when = formatDateTime(scheduled.at);

  return (
    <>
      <Badge variant="light" color="blue" radius="sm" tt="none" leftSection={<IconClock size={12} aria-hidden />}>
        {VERSION_MESSAGES.scheduled(scheduled.version, when)}
      </Badge>
      {canEdit && (
        <Button size="compact-sm" variant="subtle" color="red" aria-label="Cancel scheduled upgrade" onClick={() => setConfirming(true)}>
          Cancel
        </Button>
      )}
      <ConfirmDialog
        opened={confirming}
        title="Cancel the scheduled upgrade?"
        confirmLabel="Cancel upgrade"
        cancelLabel="Keep it"
        danger
        loading={cancel.isPending}
        onConfirm={() => cancel.mutate(undefined)}
        onCancel={() => setConfirming(false)}
      >
        {`The upgrade to v${scheduled.version} will not run in the maintenance window of ${when}; the instance stays at v${instance.version}.`}
      </ConfirmDialog>
    </>
  );
}
