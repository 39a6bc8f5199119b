import { notifications } from '@mantine/notifications';

/**
 * What every toast shares: a border (its close button is named by the theme).
 * Each toast is role="alert" (Mantine's default), so its text is announced
 * as it appears.
 */
export const TOAST_DEFAULTS = { withBorder: true } as const;

/** Toasts: bottom-right, auto-closing after 3000 ms (set on the Notifications host). */
export function notifySuccess(message: string): void {
  notifications.show({ ...TOAST_DEFAULTS, message, color: 'green' });
}

/** A failure; `title` when the message is the server's reason and the title says what failed. */
export function notifyError(message: string, title?: string): void {
  notifications.show({ ...TOAST_DEFAULTS, title, message, color: 'red' });
}
