import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { startProgressToast } from '../components/progress-toast';
import { renderWithProviders } from '../test/render';
import { notifyError, notifySuccess } from './notify';

/** The alert (an announced live region) holding `text`, once it shows. */
async function alertWith(text: string): Promise<HTMLElement> {
  let found: HTMLElement | undefined;
  await waitFor(() => {
    found = screen.getAllByRole('alert').find((a) => a.textContent?.includes(text));
    expect(found).toBeDefined();
  });
  return found!;
}

afterEach(() => notifications.clean());

describe('toasts', () => {
  it('are announced: each is an alert holding its text, with a named close button', async () => {
    renderWithProviders(<div />);
    notifySuccess('Invitation sent.');
    notifyError('Could not save.');
    for (const text of ['Invitation sent.', 'Could not save.']) {
      const alert = await alertWith(text);
      expect(within(alert).getByRole('button', { name: 'Close notification' })).toBeInTheDocument();
    }
  });

  it('a progress toast is announced too, and its outcome replaces it in place', async () => {
    renderWithProviders(<div />);
    const toast = startProgressToast('Generating an invite code...');
    const alert = await alertWith('Generating an invite code...');
    // While it works there is nothing to close.
    expect(within(alert).queryByRole('button')).not.toBeInTheDocument();
    toast.success('Invite code generated.');
    const settled = await alertWith('Invite code generated.');
    expect(within(settled).getByRole('button', { name: 'Close notification' })).toBeInTheDocument();
    expect(screen.queryByText('Generating an invite code...')).not.toBeInTheDocument();
  });
});
