import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { RETENTION_MESSAGES, formatBytes, retentionLabel, type RetentionDays, type RetentionRead } from '@replay/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { LoadError } from '../../../components/list/LoadError';
import { withServerReason } from '../../../components/list/status-text';
import { Spinner } from '../../../components/Spinner';
import { SettingTitle } from '../details/SettingTitle';
import { useRetention, useSaveRetention } from './hooks';
import { RetentionChoice, retentionDaysOf, retentionValue } from './RetentionChoice';

interface Props {
  instanceId: string;
  /** The member may change the instance (EDIT_INSTANCES); others see the retention only. */
  canEdit: boolean;
}

/** Unlimited is the longest; a shorter retention removes recordings at once. */
const shorter = (next: RetentionDays, current: number | null) => next !== null && (current === null || next < current);

/** The Maintenance & Backups tab's data retention: Unlimited, 90, 30, 20 or 7 days (spec section 9). */
export function RetentionSection({ instanceId, canEdit }: Props) {
  const retention = useRetention(instanceId);
  if (retention.isError && !retention.data) {
    return <LoadError message={withServerReason('The data retention could not be loaded.', retention.error)} onRetry={() => void retention.refetch()} />;
  }
  if (!retention.data) return <Spinner label="Loading the data retention" />;
  return <RetentionForm key={retentionValue(retention.data.days)} instanceId={instanceId} retention={retention.data} canEdit={canEdit} />;
}

function RetentionForm({ instanceId, retention, canEdit }: { instanceId: string; retention: RetentionRead; canEdit: boolean }) {
  const [choice, setChoice] = useState(retentionValue(retention.days));
  const [confirming, setConfirming] = useState(false);
  const save = useSaveRetention(instanceId, () => setConfirming(false));
  const next = retentionDaysOf(choice);
  const changed = next !== retention.days;

  return (
    <Stack gap="sm">
      <SettingTitle title="Data retention" pending={retention.pending} pendingText={RETENTION_MESSAGES.pending} />
      <Text size="sm" c="dimmed">
        The instance removes recordings older than this: at once when you shorten it, then every hour.
      </Text>
      {retention.recent.bytes !== null && <Text size="sm">{RETENTION_MESSAGES.recentUsage(retention.recent.days, formatBytes(retention.recent.bytes))}</Text>}
      <RetentionChoice value={choice} onChange={setChoice} canEdit={canEdit} />
      {canEdit && (
        <Group>
          <Button disabled={!changed} loading={save.isPending && !confirming} onClick={() => (shorter(next, retention.days) ? setConfirming(true) : save.mutate(next))}>
            Save retention
          </Button>
        </Group>
      )}
      <ConfirmDialog
        opened={confirming}
        title="Shorten the data retention?"
        confirmLabel={`Keep ${retentionLabel(next)}`}
        danger
        loading={save.isPending}
        onConfirm={() => save.mutate(next)}
        onCancel={() => setConfirming(false)}
      >
        {`Recordings older than ${retentionLabel(next)} will be removed from the instance at once. This cannot be undone.`}
      </ConfirmDialog>
    </Stack>
  );
}
