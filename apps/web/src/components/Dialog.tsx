import { Modal, type ModalProps } from '@mantine/core';
import type { ModalSize } from '../app/theme';
import { useReturnFocus } from './dialog-focus';

interface Props extends Omit<ModalProps, 'size' | 'returnFocus' | 'trapFocus'> {
  size?: ModalSize;
}

/**
 * Every modal dialog of the console: focus moves inside and stays there
 * (Tab wraps), Escape closes, the close button is named (by the theme), and focus goes back
 * to the opener on close, also when the dialog is unmounted rather than
 * closed (see useReturnFocus).
 */
export function Dialog({ opened, ...props }: Props) {
  useReturnFocus(opened);
  return <Modal opened={opened} trapFocus returnFocus={false} {...props} />;
}
