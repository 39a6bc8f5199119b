import { useCallback, useState } from 'react';
import { STORAGE_KEYS, readStored, writeStored } from '../../lib/storage';

/**
 * Below this width the expanded menu (220 px) would take half a phone's screen and squeeze
 * the page beside it to a column of a few words, so the menu starts as its icon rail there.
 * Mantine's `sm` breakpoint (48em).
 */
export const NARROW_SCREEN = '(max-width: 48em)';

function startsCollapsed(): boolean {
  const stored = readStored('local', STORAGE_KEYS.menuCollapsed);
  if (stored !== null) return stored === '1';
  return typeof window.matchMedia === 'function' && window.matchMedia(NARROW_SCREEN).matches;
}

/**
 * The left menu's collapsed state. The user's choice is kept in localStorage, both ways, so
 * it survives a reload on any screen; until they choose, the screen's width decides.
 */
export function useMenuCollapsed(): [boolean, () => void] {
  const [collapsed, setCollapsed] = useState(startsCollapsed);
  const toggle = useCallback(() => {
    setCollapsed((was) => {
      writeStored('local', STORAGE_KEYS.menuCollapsed, was ? '0' : '1');
      return !was;
    });
  }, []);
  return [collapsed, toggle];
}
