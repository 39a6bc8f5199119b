import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { useAfterPaint } from './use-after-paint';

function Probe() {
  return <p>{useAfterPaint() ? 'painted' : 'first frame'}</p>;
}

afterEach(() => vi.useRealTimers());

describe('useAfterPaint', () => {
  it('answers false until the frame the component mounted in has been painted', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
    render(<Probe />);
    expect(screen.getByText('first frame')).toBeInTheDocument();
    // The frame's callback runs before the paint: still false then.
    act(() => vi.advanceTimersToNextFrame());
    expect(screen.getByText('first frame')).toBeInTheDocument();
    act(() => vi.runOnlyPendingTimers());
    expect(screen.getByText('painted')).toBeInTheDocument();
  });

  it('leaves nothing waiting once the component is gone before the paint', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });
    const { unmount } = render(<Probe />);
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
