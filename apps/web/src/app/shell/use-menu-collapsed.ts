import { useCallback, useEffect, useState } from 'react';
import { useMediaQuery, useWindowEvent } from '@mantine/hooks';
import { useLocation } from 'react-router';
import { STORAGE_KEYS, readStored, writeStored } from '../../lib/storage';

/**
 * Below this width the expanded menu (220 px) beside the page would squeeze it to a column of
 * a few words (170 px at 390 px wide), so there the menu is its icon rail, and expanding it
 * lays it over the page instead. Mantine's `sm` breakpoint (48em).
 */
export const NARROW_SCREEN = '(max-width: 48em)';

const narrowNow = () => typeof window.matchMedia === 'function' && window.matchMedia(NARROW_SCREEN).matches;

export interface MenuState {
  /** Icons only. */
  collapsed: boolean;
  /** Expanded over the page rather than beside it (a narrow screen). */
  overlay: boolean;
  toggle: () => void;
}

/**
 * The left menu's state. On a wide screen the user's choice is kept in localStorage, both ways,
 * so it survives a reload on any screen. On a narrow one the menu starts as its rail; expanded,
 * it lies over the page until an entry is chosen (the address changes), Escape, or the toggle,
 * and the wide screen's choice is left as it was.
 */
export function useMenuCollapsed(): MenuState {
  const narrow = useMediaQuery(NARROW_SCREEN, narrowNow(), { getInitialValueInEffect: false });
  const [wideCollapsed, setWideCollapsed] = useState(() => readStored('local', STORAGE_KEYS.menuCollapsed) === '1');
  const [overlayOpen, setOverlayOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setOverlayOpen(false), [pathname, narrow]);
  // Captured: a tooltip on the focused toggle takes Escape for itself on the way up.
  useWindowEvent(
    'keydown',
    (event) => {
      if (event.key === 'Escape') setOverlayOpen(false);
    },
    { capture: true },
  );
  const toggle = useCallback(() => {
    if (narrow) {
      setOverlayOpen((open) => !open);
      return;
    }
    setWideCollapsed((was) => {
      writeStored('local', STORAGE_KEYS.menuCollapsed, was ? '0' : '1');
      return !was;
    });
  }, [narrow]);
  return { collapsed: narrow ? !overlayOpen : wideCollapsed, overlay: narrow, toggle };
}
