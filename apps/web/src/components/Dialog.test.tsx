import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Menu } from '@mantine/core';
import { renderWithProviders } from '../test/render';
import { Dialog } from './Dialog';

/** A dialog rendered only while needed, as the invite and role dialogs are: mounted open, unmounted to close. */
function MountedWhileOpen() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Invite</Button>
      {open && (
        <Dialog opened onClose={() => setOpen(false)} title="Invite someone">
          <input aria-label="Name" data-autofocus />
          <Button onClick={() => setOpen(false)}>Cancel</Button>
        </Dialog>
      )}
    </>
  );
}

/** A dialog opened from a menu item, as the instance's Stop and Terminate are. */
function OpenedFromMenu() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Menu>
        <Menu.Target>
          <Button>Actions</Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => setOpen(true)}>Stop</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Dialog opened={open} onClose={() => setOpen(false)} title="Stop instance">
        <Button onClick={() => setOpen(false)}>Cancel</Button>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('names its close button, keeps Tab inside, and gives focus back to its opener when unmounted by Escape', async () => {
    const user = userEvent.setup();
    renderWithProviders(<MountedWhileOpen />);
    const opener = screen.getByRole('button', { name: 'Invite' });
    await user.tab();
    expect(opener).toHaveFocus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Invite someone' });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Close dialog' })).toBeInTheDocument();

    // Cancel is the last control: Tab wraps to the first, the close button, and Shift+Tab comes back.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Close dialog' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(dialog).toContainElement(document.activeElement as HTMLElement);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it("gives focus back to the menu's button when a menu item opened it", async () => {
    const user = userEvent.setup();
    renderWithProviders(<OpenedFromMenu />);
    const actions = screen.getByRole('button', { name: 'Actions' });
    await user.click(actions);
    await user.click(await screen.findByRole('menuitem', { name: 'Stop', hidden: true }));
    await screen.findByRole('dialog', { name: 'Stop instance' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(actions).toHaveFocus());
  });
});
