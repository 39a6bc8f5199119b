import type { ReactNode } from 'react';
import { Stack } from '@mantine/core';
import type { ModalSize } from '../app/theme';
import { Dialog } from './Dialog';
import { FormAlert } from './FormAlert';

interface Props {
  title: string;
  size?: ModalSize;
  /** While the save runs the dialog stays open: Escape and the close button do nothing. */
  pending: boolean;
  onClose: () => void;
  onSubmit: () => Promise<void> | void;
  /** Why the last save failed (the server's reason), shown above the fields. */
  error: string | null;
  children: ReactNode;
}

/** A dialog holding one form: the browser's own validation off (the fields say why), the failure above them. */
export function FormDialog({ title, size, pending, onClose, onSubmit, error, children }: Props) {
  return (
    <Dialog opened onClose={pending ? () => undefined : onClose} title={title} size={size}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void onSubmit();
        }}
      >
        <Stack gap="md">
          <FormAlert message={error} />
          {children}
        </Stack>
      </form>
    </Dialog>
  );
}
