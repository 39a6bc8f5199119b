import { notifications } from '@mantine/notifications';
import { TIMINGS_MS } from '@replay/contracts';
import { TOAST_DEFAULTS } from '../lib/notify';

let counter = 0;

/**
 * A toast for work that takes a moment ('Exporting...', 'Generating an invite
 * code...'): it spins without closing, then turns into the outcome in place,
 * styled like notifySuccess / notifyError, so two toasts never tell one story.
 */
export function startProgressToast(message: string) {
  counter += 1;
  const id = `progress-${counter}`;
  notifications.show({ ...TOAST_DEFAULTS, id, message, loading: true, autoClose: false, withCloseButton: false });
  const settle = (text: string, color: 'green' | 'red') =>
    notifications.update({
      ...TOAST_DEFAULTS,
      id,
      message: text,
      color,
      loading: false,
      autoClose: TIMINGS_MS.toastAutoClose,
      withCloseButton: true,
    });
  return {
    success: (text: string) => settle(text, 'green'),
    error: (text: string) => settle(text, 'red'),
  };
}
