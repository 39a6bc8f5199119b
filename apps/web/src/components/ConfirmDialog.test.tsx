import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog } from './ConfirmDialog';
import { renderWithProviders } from '../test/render';

describe('ConfirmDialog', () => {
  it('confirms with its button and cancels on Escape', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    renderWithProviders(
      <ConfirmDialog opened title="Stop instance" confirmLabel="Stop" onConfirm={onConfirm} onCancel={onCancel}>
        Stopped instances are charged for storage only.
      </ConfirmDialog>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Stop instance' });
    expect(dialog).toHaveTextContent('Stopped instances are charged for storage only.');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledOnce();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(2);
  });
});
