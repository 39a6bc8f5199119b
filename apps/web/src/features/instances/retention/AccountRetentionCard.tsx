import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { retentionLabel } from '@replay/contracts';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { SettingTitle } from '../details/SettingTitle';
import { useSaveAccountRetention } from './hooks';
import { RetentionChoice, retentionDaysOf } from './RetentionChoice';

/**
 * One data retention for every instance of the account at once (spec: `POST
 * /managed-saas/config-disk-usage`), under the session settings. Nothing is chosen at first:
 * instances may keep different retentions, set on each one's page. Always confirmed, since a
 * shorter retention removes recordings at once on every instance.
 */
export function AccountRetentionCard({ canEdit }: { canEdit: boolean }) {
  const [choice, setChoice] = useState('');
  const [confirming, setConfirming] = useState(false);
  const save = useSaveAccountRetention(() => {
    setConfirming(false);
    setChoice('');
  });
  const next = choice ? retentionDaysOf(choice) : null;

  return (
    <Stack gap="sm" component="section" aria-labelledby="account-retention-title">
      <SettingTitle title="Data retention of every instance" titleId="account-retention-title" pending={false} pendingText="" />
      <Text size="sm" c="dimmed">
        Sets one retention on every instance of the account at once. Each instance's own can still be changed on its page.
      </Text>
      <RetentionChoice value={choice} onChange={setChoice} canEdit={canEdit} />
      {canEdit && (
        <Group>
          <Button variant="default" disabled={!choice} onClick={() => setConfirming(true)}>
            Apply to every instance
          </Button>
        </Group>
      )}
      <ConfirmDialog
        opened={confirming}
        title="Apply this retention to every instance?"
        confirmLabel={`Keep ${retentionLabel(next)} everywhere`}
        danger={next !== null}
        loading={save.isPending}
        onConfirm={() => save.mutate(next)}
        onCancel={() => setConfirming(false)}
      >
        {next === null
          ? 'Every instance of the account will keep its recordings without limit.'
          : `Recordings older than ${retentionLabel(next)} will be removed from every instance of the account at once. This cannot be undone.`}
      </ConfirmDialog>
    </Stack>
  );
}
