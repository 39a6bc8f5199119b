import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHook } from '@testing-library/react';
import { useRefetchOnReturn } from './polling';

let visibility: DocumentVisibilityState = 'visible';
const setVisibility = (next: DocumentVisibilityState) => {
  visibility = next;
  document.dispatchEvent(new Event('visibilitychange'));
};

describe('useRefetchOnReturn', () => {
  beforeEach(() => {
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
  });
  afterEach(() => {
    visibility = 'visible';
    vi.restoreAllMocks();
  });

  it('reads again when the tab comes back after more than 300000 ms hidden, not sooner', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const onReturn = vi.fn();
    renderHook(() => useRefetchOnReturn(onReturn));

    setVisibility('hidden');
    vi.advanceTimersByTime(300_000);
    setVisibility('visible');
    expect(onReturn).not.toHaveBeenCalled();

    setVisibility('hidden');
    vi.advanceTimersByTime(300_001);
    setVisibility('visible');
    expect(onReturn).toHaveBeenCalledOnce();
  });
});
