import { notifications } from '@mantine/notifications';
import { TIMINGS_MS } from '@replay/contracts';

let counter = 0;

/**
 * A toast for work that takes a moment ('Exporting...', 'Generating an invite
 * code...'): it spins without closing, then turns into the outcome in place,
 * styled like notifySuccess / notifyError, so two toasts never tell one story.
 */
export function startProgressToast(message: string) {
  counter += 1;
  const id = `progress-${counter}`;
  notifications.show({ id, message, loading: true, autoClose: false, withCloseButton: false, withBorder: true });
  const settle = (text: string, color: 'green' | 'red') =>
    notifications.update({
      id,
      message: text,
      color,
      loading: false,
      autoClose: TIMINGS_MS.toastAutoClose,
      withCloseButton: true,
      withBorder: true,
    });
  return {
    success: (text: string) => settle(text, 'green'),
    error: (text: string) => settle(text, 'red'),
  };
}
