import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { CopyButton } from './CopyButton';
import { renderWithProviders } from '../test/render';

describe('CopyButton', () => {
  it("copies and shows 'copied' for one second", async () => {
    vi.useFakeTimers();
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderWithProviders(<CopyButton value="ak_456" label="API key" />);

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy API key' }));
    });
    expect(writeText).toHaveBeenCalledWith('ak_456');
    expect(screen.getByText('copied')).toBeInTheDocument();

    act(() => {
      vi.advanceTimersByTime(999);
    });
    expect(screen.getByText('copied')).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('copied')).toBeNull();
    expect(screen.getByRole('button', { name: 'Copy API key' })).toHaveTextContent('Copy');
  });

  it('says so when the clipboard refuses', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: vi.fn().mockRejectedValue(new Error('denied')) } });
    renderWithProviders(<CopyButton value="x" label="key" />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy key' }));
    });
    expect(screen.queryByText('copied')).toBeNull();
  });
});
