import { useEffect } from 'react';

/**
 * Escape presses an open dialog of ours answered. Mantine closes every open modal and drawer on
 * Escape, each from its own window listener, so a confirmation opened from a drawer closed both.
 * An open Dialog marks the press first (a capture listener on the window, which runs before the
 * drawer's on the document); the drawer leaves a marked press alone. Per event, so nothing lingers.
 */
const answered = new WeakSet<Event>();

export const escapeAnswered = (event: Event): boolean => answered.has(event);

/** While `opened`, this dialog takes the Escape presses (it closes on them itself). */
export function useAnswersEscape(opened: boolean): void {
  useEffect(() => {
    if (!opened) return;
    const mark = (event: KeyboardEvent) => {
      if (event.key === 'Escape') answered.add(event);
    };
    window.addEventListener('keydown', mark, true);
    return () => window.removeEventListener('keydown', mark, true);
  }, [opened]);
}
