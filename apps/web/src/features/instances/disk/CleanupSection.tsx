import { useState } from 'react';
import { Box, Button, Group, Radio, Stack, Text, Title, Tooltip } from '@mantine/core';
import { CLEANUP_DAY_OPTIONS, DEFAULT_CLEANUP_DAYS, DISK_MESSAGES, type CleanupDays, type CleanupPreview, type Instance } from '@replay/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { Spinner } from '../../../components/Spinner';
import { formatBytes } from './format';
import { useCleanup, useCleanupPreview, useLastCleanup } from './hooks';
import { formatDateTime } from '../../../lib/format-date';

export const CLEAN_UP = 'Clean up';
export const CLEANUP_TITLE = 'Clean up recordings';
export const NEVER_CLEANED = 'No cleanup has been requested yet.';

const ageLabel = (days: number) => `Older than ${days} ${days === 1 ? 'day' : 'days'}`;

function freedText(preview: CleanupPreview | undefined, days: number, loading: boolean): string {
  const bytes = preview?.ages.find((a) => a.days === days)?.bytes;
  if (bytes !== undefined) return `Frees ${formatBytes(bytes)}`;
  return loading ? 'Counting what it would free…' : 'What it would free is not known';
}

/**
 * The cleanup of old recordings (spec sections 2, 8 and 9): ages 1, 3, 7, 14
 * and 30 days (7 chosen first), each with what it would free as the agent
 * counts it, a confirmation, 'Disk cleanup request has been initiated', and
 * the last cleanup's time. Once per 6 hours: while the rule blocks, the
 * button stays focusable (aria-disabled) so its tooltip, 'You can only
 * request for cleanup once in 6 hours', reaches keyboard users too.
 */
export function CleanupSection({ instance, active }: { instance: Instance; active: boolean }) {
  const running = instance.status === 'running';
  const [days, setDays] = useState<CleanupDays>(DEFAULT_CLEANUP_DAYS);
  const [confirming, setConfirming] = useState(false);
  const last = useLastCleanup(instance.instanceId);
  const preview = useCleanupPreview(instance.instanceId, active && running);
  const cleanup = useCleanup(instance.instanceId);

  const lastAt = last.data?.createdAt ?? null;
  const pendingDays = last.data?.pendingDays ?? null;
  const blocked = last.data?.nextAllowedAt != null && last.data.nextAllowedAt > Date.now();
  const unavailable = !running || cleanup.isPending || last.isPending;
  const freed = freedText(preview.data, days, preview.isFetching);

  const ask = () => {
    if (!blocked && !unavailable) setConfirming(true);
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="cleanup-heading">
      <Title order={3} size="h5" id="cleanup-heading">
        {CLEANUP_TITLE}
      </Title>
      <Text size="sm" c="dimmed">
        Removes the session recordings older than the age you choose from the instance, to free disk space. At most once every 6 hours.
      </Text>
      {!running && <Text size="sm">A cleanup needs the instance running.</Text>}
      <Radio.Group label="Remove recordings" value={String(days)} onChange={(v) => setDays(Number(v) as CleanupDays)}>
        <Stack gap={6} mt={4}>
          {CLEANUP_DAY_OPTIONS.map((d) => (
            <Radio key={d} value={String(d)} label={ageLabel(d)} description={running ? freedText(preview.data, d, preview.isFetching) : undefined} disabled={!running} />
          ))}
        </Stack>
      </Radio.Group>
      {preview.isError && (
        <Text size="sm" c="red">
          What each age would free could not be counted.
        </Text>
      )}
      <Group justify="space-between" align="center" wrap="nowrap">
        <LastCleanup pendingDays={pendingDays} lastAt={lastAt} />
        {blocked ? (
          <Tooltip label={DISK_MESSAGES.cleanupOncePerInterval}>
            <Button data-disabled aria-disabled="true" onClick={(e) => e.preventDefault()}>
              {CLEAN_UP}
            </Button>
          </Tooltip>
        ) : (
          <Button onClick={ask} disabled={unavailable} loading={cleanup.isPending}>
            {CLEAN_UP}
          </Button>
        )}
      </Group>
      <ConfirmDialog
        opened={confirming}
        title={CLEANUP_TITLE}
        confirmLabel={CLEAN_UP}
        danger
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          cleanup.mutate(days);
        }}
      >
        {`The recordings ${ageLabel(days).toLowerCase()} will be removed from ${instance.name} (${freed.toLowerCase()}). This cannot be undone.`}
      </ConfirmDialog>
    </Stack>
  );
}

/** The cleanup under way, else the last one's time (or that none was asked for yet). */
function LastCleanup({ pendingDays, lastAt }: { pendingDays: number | null; lastAt: number | null }) {
  return (
    <Box>
      {pendingDays !== null ? (
        <Group gap="xs" wrap="nowrap">
          <Spinner label="Cleanup running" size="xs" />
          <Text size="sm">A cleanup of the recordings {ageLabel(pendingDays).toLowerCase()} is running.</Text>
        </Group>
      ) : (
        <Text size="sm" data-testid="last-cleanup">
          {lastAt === null ? NEVER_CLEANED : `Last cleanup: ${formatDateTime(lastAt)}`}
        </Text>
      )}
    </Box>
  );
}
