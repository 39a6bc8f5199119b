import { Stack, Text } from '@mantine/core';
import { LOGGER_OPTIONS_MESSAGES } from '@replay/contracts';
import { LoadError } from '../../components/list/LoadError';
import { withServerReason } from '../../components/list/status-text';
import { Spinner } from '../../components/Spinner';
import { SettingTitle } from '../instances/details/SettingTitle';
import { useLoggerOptions } from './api';
import { LoggerOptionsForm } from './LoggerOptionsForm';

/** The account's logger options, under the session settings: which clients and sites every instance records, and what it obscures. */
export function LoggerOptionsCard({ canEdit }: { canEdit: boolean }) {
  const options = useLoggerOptions();
  return (
    <Stack gap="md" component="section" aria-labelledby="logger-options-title">
      <SettingTitle title="Logger options" titleId="logger-options-title" pending={options.data?.pending ?? false} pendingText={LOGGER_OPTIONS_MESSAGES.pending} />
      <Text size="sm" c="dimmed">
        Which clients and sites every instance of the account accepts recordings from, and what of the recorded text it obscures.
      </Text>
      {options.isError && !options.data ? (
        <LoadError message={withServerReason('The logger options could not be loaded.', options.error)} onRetry={() => void options.refetch()} />
      ) : !options.data ? (
        <Spinner label="Loading the logger options" />
      ) : (
        // Keyed by the save time, so a save (or another member's) starts the form afresh.
        <LoggerOptionsForm key={options.data.updatedAt ?? 'defaults'} options={options.data} canEdit={canEdit} />
      )}
    </Stack>
  );
}
