import { Modal, getDefaultZIndex, type ModalProps } from '@mantine/core';
import type { ModalSize } from '../app/theme';
import { useAnswersEscape } from './dialog-escape';
import { useReturnFocus } from './dialog-focus';

interface Props extends Omit<ModalProps, 'size' | 'returnFocus' | 'trapFocus' | 'zIndex'> {
  size?: ModalSize;
  /**
   * A question asked over another dialog (the fresh proof a Create API key or Rotate
   * confirmation waits for): it must stack above whatever dialog is open, whatever order
   * their portals were made in (at the same layer the later one wins, so a dialog mounted
   * early by the shell opened behind the one it serves).
   */
  overDialogs?: boolean;
}

/** The layer of a dialog asked over another one: above every dialog, below notifications. */
const OVER_DIALOGS_Z_INDEX = getDefaultZIndex('modal') + 1;

/**
 * Every modal dialog of the console: focus moves inside and stays there
 * (Tab wraps), Escape closes, the close button is named (by the theme), and focus goes back
 * to the opener on close, also when the dialog is unmounted rather than
 * closed (see useReturnFocus).
 */
export function Dialog({ opened, overDialogs = false, ...props }: Props) {
  useReturnFocus(opened);
  // A drawer it was opened from leaves Escape to it while it is open (Drawer.tsx).
  useAnswersEscape(opened);
  return <Modal opened={opened} trapFocus returnFocus={false} {...(overDialogs && { zIndex: OVER_DIALOGS_Z_INDEX })} {...props} />;
}
