import type { ReactNode } from 'react';
import { Alert, Stack, Text } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { errorMessage } from '../lib/api';
import { notifyError, notifySuccess } from '../lib/notify';
import { ConfirmDialog } from './ConfirmDialog';

interface Props<V> {
  title: string;
  confirmLabel: string;
  /** The question, e.g. 'Delete the role Operators?'. */
  children: ReactNode;
  /** What confirming runs, and with what. */
  mutation: UseMutationResult<unknown, Error, V>;
  variables: V;
  /** The toast once done. */
  doneMessage: string;
  /** The toast when refused. */
  failedMessage: (error: Error) => string;
  onClose: () => void;
}

/**
 * Confirms an action that cannot be undone (red button). Done: a toast, and
 * the dialog closes. Refused: a toast, and the dialog stays open with the
 * server's reason, so the person learns why.
 */
export function DestructiveDialog<V>({ title, confirmLabel, children, mutation, variables, doneMessage, failedMessage, onClose }: Props<V>) {
  const reason = errorMessage(mutation.error, '');
  return (
    <ConfirmDialog
      opened
      title={title}
      confirmLabel={confirmLabel}
      danger
      loading={mutation.isPending}
      onCancel={onClose}
      onConfirm={() =>
        mutation.mutate(variables, {
          onSuccess: () => {
            notifySuccess(doneMessage);
            onClose();
          },
          onError: (error) => notifyError(failedMessage(error)),
        })
      }
    >
      <Stack gap="sm">
        <Text size="sm">{children}</Text>
        {reason && (
          <Alert color="red" variant="light" role="alert">
            {reason}
          </Alert>
        )}
      </Stack>
    </ConfirmDialog>
  );
}
