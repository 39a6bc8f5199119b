import { notifications } from '@mantine/notifications';

/**
 * What every toast shares: a border, and a close button named for screen
 * readers (Mantine's is an unnamed icon). Each toast is role="alert"
 * (Mantine's default), so its text is announced as it appears.
 */
export const TOAST_DEFAULTS = { withBorder: true, closeButtonProps: { 'aria-label': 'Close notification' } } as const;

/** Toasts: bottom-right, auto-closing after 3000 ms (set on the Notifications host). */
export function notifySuccess(message: string): void {
  notifications.show({ ...TOAST_DEFAULTS, message, color: 'green' });
}

export function notifyError(message: string): void {
  notifications.show({ ...TOAST_DEFAULTS, message, color: 'red' });
}
