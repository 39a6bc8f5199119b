import type { ReactNode } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import type { ModalSize } from '../app/theme';
import { Dialog } from './Dialog';

interface Props {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel?: string;
  cancelLabel?: string;
  /** A destructive action: the confirm button is red. */
  danger?: boolean;
  loading?: boolean;
  size?: ModalSize;
  onConfirm: () => void;
  /** Cancel button, the close button, a click outside, and Escape all cancel. */
  onCancel: () => void;
}

export function ConfirmDialog({ opened, title, children, confirmLabel = 'Confirm', cancelLabel = 'Cancel', danger = false, loading = false, size = 'small', onConfirm, onCancel }: Props) {
  return (
    <Dialog opened={opened} onClose={onCancel} title={title} size={size}>
      <Stack gap="lg">
        {typeof children === 'string' ? <Text size="sm">{children}</Text> : children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={loading}>
            {cancelLabel}
          </Button>
          <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={loading} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
