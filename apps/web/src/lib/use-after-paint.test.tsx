import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { testQueryClient } from '../test/render';
import { useAfterPaint } from './use-after-paint';

function Probe({ read }: { read?: Promise<string> }) {
  useQuery({ queryKey: ['page', 'data'], queryFn: () => read ?? Promise.resolve('shown'), enabled: read !== undefined });
  return <p>{useAfterPaint() ? 'painted' : 'first view'}</p>;
}

const fakeFrames = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'] });

afterEach(() => vi.useRealTimers());

describe('useAfterPaint', () => {
  it('answers false until the frame the component mounted in has been painted', () => {
    fakeFrames();
    render(
      <QueryClientProvider client={testQueryClient()}>
        <Probe />
      </QueryClientProvider>,
    );
    expect(screen.getByText('first view')).toBeInTheDocument();
    // The frame's callback runs before the paint: still false then.
    act(() => {
      vi.advanceTimersToNextFrame();
    });
    expect(screen.getByText('first view')).toBeInTheDocument();
    act(() => {
      vi.runOnlyPendingTimers();
    });
    expect(screen.getByText('painted')).toBeInTheDocument();
  });

  it('waits for the page’s own reads to arrive, then for the frame that shows them', async () => {
    fakeFrames();
    let answer: (value: string) => void = () => undefined;
    const read = new Promise<string>((resolve) => (answer = resolve));
    render(
      <QueryClientProvider client={testQueryClient()}>
        <Probe read={read} />
      </QueryClientProvider>,
    );
    act(() => {
      vi.advanceTimersToNextFrame();
    });
    act(() => {
      vi.runOnlyPendingTimers();
    });
    expect(screen.getByText('first view')).toBeInTheDocument();
    await act(async () => answer('shown'));
    expect(screen.getByText('first view')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersToNextFrame();
    });
    act(() => {
      vi.runOnlyPendingTimers();
    });
    expect(screen.getByText('painted')).toBeInTheDocument();
  });

  it('is not put off by changes of the cache that are not reads (only a read starting puts it off)', () => {
    fakeFrames();
    const client = testQueryClient();
    render(
      <QueryClientProvider client={client}>
        <Probe />
      </QueryClientProvider>,
    );
    act(() => {
      vi.advanceTimersToNextFrame();
    });
    act(() => {
      client.setQueryData(['elsewhere'], 1);
    });
    act(() => {
      vi.runOnlyPendingTimers();
    });
    expect(screen.getByText('painted')).toBeInTheDocument();
  });

  it('leaves nothing waiting once the component is gone before the paint', () => {
    fakeFrames();
    const { unmount } = render(
      <QueryClientProvider client={testQueryClient()}>
        <Probe />
      </QueryClientProvider>,
    );
    const cancel = vi.spyOn(window, 'cancelAnimationFrame');
    unmount();
    expect(cancel).toHaveBeenCalled();
  });
});
