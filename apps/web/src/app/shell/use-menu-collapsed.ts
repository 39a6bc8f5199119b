import { useCallback, useState } from 'react';
import { STORAGE_KEYS, readStored, writeStored } from '../../lib/storage';

/** The left menu's collapsed state, kept in localStorage so it survives a reload. */
export function useMenuCollapsed(): [boolean, () => void] {
  const [collapsed, setCollapsed] = useState(() => readStored('local', STORAGE_KEYS.menuCollapsed) === '1');
  const toggle = useCallback(() => {
    setCollapsed((was) => {
      writeStored('local', STORAGE_KEYS.menuCollapsed, was ? null : '1');
      return !was;
    });
  }, []);
  return [collapsed, toggle];
}
