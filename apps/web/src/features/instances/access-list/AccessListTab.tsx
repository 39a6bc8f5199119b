import { Stack } from '@mantine/core';
import { LoadError } from '../../../components/list/LoadError';
import { withServerReason } from '../../../components/list/status-text';
import { Spinner } from '../../../components/Spinner';
import { AccessListEditor } from './AccessListEditor';
import { AddressTester } from './AddressTester';
import { useAccessList } from './hooks';

interface Props {
  instanceId: string;
  /** The member may change the instance (EDIT_INSTANCES); others see the list and may test addresses. */
  canEdit: boolean;
  /** The tester asks the instance itself, so only a running one can answer. */
  running: boolean;
}

/** The Network access tab: which client addresses may reach the instance, and a tester of any address. */
export function AccessListTab({ instanceId, canEdit, running }: Props) {
  const list = useAccessList(instanceId);
  if (list.isError && !list.data) {
    return <LoadError message={withServerReason('The network access list could not be loaded.', list.error)} onRetry={() => void list.refetch()} />;
  }
  if (!list.data) return <Spinner label="Loading the network access list" />;
  const savedKey = list.data.entries.map((e) => `${e.address} ${e.comment}`).join('|');
  return (
    <Stack gap="xl">
      {/* Keyed by the saved list, so a save (or another member's, read again) starts the draft afresh. */}
      <AccessListEditor key={savedKey} instanceId={instanceId} list={list.data} canEdit={canEdit} />
      <AddressTester instanceId={instanceId} running={running} yourAddress={list.data.yourAddress} />
    </Stack>
  );
}
