import { Stack, Text } from '@mantine/core';
import { canOpenScreen } from '@replay/contracts';
import { useAccount } from '../../app/session/SessionProvider';
import { LoadError } from '../../components/list/LoadError';
import { withServerReason } from '../../components/list/status-text';
import { PageTitle } from '../../components/PageTitle';
import { Spinner } from '../../components/Spinner';
import { useSessionSettings } from '../../features/session-settings/api';
import { SessionSettingsForm } from '../../features/session-settings/SessionSettingsForm';
import { LoggerOptionsCard } from '../../features/logger-options/LoggerOptionsCard';
import { AccountRetentionCard } from '../../features/instances/retention/AccountRetentionCard';
import { SettingTitle } from '../../features/instances/details/SettingTitle';
import { useConsoleTitle } from '../../lib/use-document-title';

/**
 * /client/sessions-listing: the account's session settings. How replays are shown, and which
 * sessions every instance of the account records (the capture rate and condition sets, which
 * the console gives each running instance, and each one that starts later); below, the
 * account's logger options, which the console gives them the same way, and one data retention
 * for every instance at once.
 */
export default function SessionSettingsPage() {
  useConsoleTitle('Session Settings');
  const account = useAccount();
  const settings = useSessionSettings();
  const mayEdit = canOpenScreen(account.permissions, 'instancesEdit');
  return (
    <>
      <PageTitle title="Session Settings" />
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          How session replays are listed and played, and which sessions your instances record.
        </Text>
        {settings.isError && !settings.data ? (
          <LoadError message={withServerReason('The session settings could not be loaded.', settings.error)} onRetry={() => void settings.refetch()} />
        ) : !settings.data ? (
          <Spinner label="Loading the session settings" />
        ) : (
          <>
            <SettingTitle title="Capture" pending={settings.data.pending} pendingText="Being applied to the running instances…" />
            {/* Keyed by the save time, so a save (or another member's) starts the form afresh. */}
            <SessionSettingsForm key={settings.data.updatedAt ?? 'defaults'} settings={settings.data} canEdit={mayEdit} />
          </>
        )}
        <LoggerOptionsCard canEdit={mayEdit} />
        <AccountRetentionCard canEdit={mayEdit} />
      </Stack>
    </>
  );
}
