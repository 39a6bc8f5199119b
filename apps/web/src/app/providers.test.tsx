import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { Modal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { AppProviders } from './providers';
import { testQueryClient } from '../test/render';

const withProviders = (ui: React.ReactNode) => render(<AppProviders queryClient={testQueryClient()}>{ui}</AppProviders>);

/** The variables MantineProvider writes into the page's style sheet (`:root { … }`). */
const pageCssVariables = () =>
  Array.from(document.querySelectorAll('style'))
    .map((s) => s.textContent ?? '')
    .join('\n');

describe('colour scheme', () => {
  it('is light without reading or writing storage (the console has no dark scheme to remember)', () => {
    const read = vi.spyOn(Storage.prototype, 'getItem');
    const write = vi.spyOn(Storage.prototype, 'setItem');
    try {
      withProviders(<p>Console</p>);
      expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'light');
      expect(read.mock.calls.filter(([key]) => key.includes('color-scheme'))).toEqual([]);
      expect(write.mock.calls.filter(([key]) => key.includes('color-scheme'))).toEqual([]);
    } finally {
      read.mockRestore();
      write.mockRestore();
    }
  });
});

describe('console-wide presentation (spec 9)', () => {
  afterEach(() => {
    vi.useRealTimers();
    act(() => notifications.clean());
  });

  it('shows toasts bottom-right and closes them after 3000 ms', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'requestAnimationFrame', 'cancelAnimationFrame', 'Date'] });
    withProviders(null);
    act(() => {
      notifications.show({ message: 'Saved the thing' });
    });
    act(() => {
      vi.advanceTimersByTime(50);
    });
    const toast = screen.getByText('Saved the thing');
    expect(toast.closest('[data-position]')).toHaveAttribute('data-position', 'bottom-right');
    act(() => {
      vi.advanceTimersByTime(2800);
    });
    expect(screen.queryByText('Saved the thing')).toBeInTheDocument();
    // The close starts at 3000 ms; the exit transition then removes it.
    for (let i = 0; i < 20; i += 1)
      act(() => {
        vi.advanceTimersByTime(100);
      });
    expect(screen.queryByText('Saved the thing')).toBeNull();
  });

  it.each([
    ['tiny', '300px'],
    ['small', '400px'],
    ['large', '700px'],
    ['fullscreen', '100%'],
  ])('sizes a %s modal %s wide', (size, width) => {
    withProviders(
      <Modal opened onClose={() => undefined} size={size} title="Sized">
        body
      </Modal>,
    );
    const root = screen.getByRole('dialog', { name: 'Sized' }).closest('.mantine-Modal-root') as HTMLElement;
    expect(root.style.getPropertyValue('--modal-size')).toBe(`var(--modal-size-${size})`);
    expect(pageCssVariables()).toContain(`--modal-size-${size}: ${width}`);
  });

  it('makes a modal small (400px) unless told otherwise', () => {
    withProviders(
      <Modal opened onClose={() => undefined} title="Plain">
        body
      </Modal>,
    );
    const root = screen.getByRole('dialog', { name: 'Plain' }).closest('.mantine-Modal-root') as HTMLElement;
    expect(root.style.getPropertyValue('--modal-size')).toBe('var(--modal-size-small)');
  });
});
