import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import IconShieldLock from '@tabler/icons-react/dist/esm/icons/IconShieldLock.mjs';
import { INSTANCE_MESSAGES, TERMINATE_CONFIRMATION, isTerminateConfirmed } from '@replay/contracts';
import { Dialog } from '../../../components/Dialog';

interface Props {
  opened: boolean;
  name: string;
  /** Termination protection is on: terminating is refused, and the dialog says why. */
  isProtected: boolean;
  onConfirm: (typed: string) => void;
  onCancel: () => void;
}

/**
 * Terminate asks for TERMINATE typed exactly (surrounding spaces ignored,
 * spec section 5). Under termination protection it refuses instead and
 * says how to proceed.
 */
export function TerminateDialog({ opened, name, isProtected, onConfirm, onCancel }: Props) {
  const [typed, setTyped] = useState('');
  const confirmed = !isProtected && isTerminateConfirmed(typed);

  const close = () => {
    setTyped('');
    onCancel();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!confirmed) return;
    setTyped('');
    onConfirm(typed);
  };

  return (
    <Dialog opened={opened} onClose={close} title="Terminate instance" size="small">
      <form onSubmit={submit}>
        <Stack gap="md">
          {isProtected ? (
            <Alert color="yellow" variant="light" icon={<IconShieldLock size={18} />} role="alert">
              {INSTANCE_MESSAGES.terminationProtected}
            </Alert>
          ) : (
            <>
              <Text size="sm">
                Terminating <strong>{name}</strong> ends it for good: the instance stops, its data and backups are removed, and it cannot be brought back.
              </Text>
              <TextInput label={`Type ${TERMINATE_CONFIRMATION} to confirm`} value={typed} onChange={(e) => setTyped(e.currentTarget.value)} autoComplete="off" spellCheck={false} data-autofocus />
            </>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color="red" disabled={!confirmed}>
              Terminate
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
