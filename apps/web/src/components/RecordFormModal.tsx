import { useEffect, useState, type ReactNode } from 'react';
import { Center } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ModalSize } from '../app/theme';
import { notifyError } from '../lib/notify';
import { Dialog } from './Dialog';
import { Spinner } from './Spinner';
import { withStatusText } from './list/status-text';

interface Props<T> {
  title: string;
  size: ModalSize;
  /** A new record: the form opens empty at once. */
  isNew: boolean;
  /** An existing record, read afresh from the server (the form never starts from a list's copy). */
  fresh: UseQueryResult<T>;
  /** 'Error fetching team member': toasted with the status text when that read fails, and the dialog closes. */
  fetchFailed: string;
  /** 'Loading team member': the spinner's name until the record arrives. */
  loadingLabel: string;
  onClose: () => void;
  /** The form, given the fresh record (null when new) and `onBusy`, which keeps the dialog open while it saves. */
  children: (record: T | null, onBusy: (busy: boolean) => void) => ReactNode;
}

/** The create / edit dialog of a record: a spinner until the server's current copy is read, then the form. */
export function RecordFormModal<T>({ title, size, isNew, fresh, fetchFailed, loadingLabel, onClose, children }: Props<T>) {
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!fresh.error) return;
    notifyError(withStatusText(fetchFailed, fresh.error));
    onClose();
  }, [fresh.error, fetchFailed, onClose]);

  const ready = isNew || fresh.data !== undefined;
  return (
    <Dialog opened onClose={busy ? () => undefined : onClose} title={title} size={size}>
      {ready ? (
        children(fresh.data ?? null, setBusy)
      ) : (
        <Center py="xl">
          <Spinner label={loadingLabel} />
        </Center>
      )}
    </Dialog>
  );
}
