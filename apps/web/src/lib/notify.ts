import { notifications } from '@mantine/notifications';

/** Toasts: bottom-right, auto-closing after 3000 ms (set on the Notifications host). */
export function notifySuccess(message: string): void {
  notifications.show({ message, color: 'green', withBorder: true });
}

export function notifyError(message: string): void {
  notifications.show({ message, color: 'red', withBorder: true });
}
