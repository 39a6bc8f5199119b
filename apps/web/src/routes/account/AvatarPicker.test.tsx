import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { AVATAR_ICONS, AVATAR_MESSAGES } from '@replay/contracts';
import { fail, ok, stubSignedIn } from '../../test/fetch-stub';
import { makeAccount, makeJwt, publicConfig } from '../../test/fixtures';
import { renderApp } from '../../test/render';

const config = { 'GET /api/public-config': ok(publicConfig) };
/** The header's account menu button, which pictures the member. */
const menuAvatar = async () => (await screen.findByRole('button', { name: 'Account menu for Ada Owner' })).querySelector('[data-avatar]');

afterEach(() => notifications.clean());

describe('the avatar picker', () => {
  it('offers the initials and the 22 icons, saves a pick, and the account menu shows it', async () => {
    const account = makeAccount();
    const api = stubSignedIn(account, makeJwt(), {
      ...config,
      'POST /api/account/avatar': (req) => ok({ ...account, ...(req.body as object) }),
    });
    renderApp('/account/profile');
    const user = userEvent.setup();
    const group = await screen.findByRole('radiogroup', { name: 'Avatar' });
    const choices = within(group).getAllByRole('radio');
    expect(choices.map((c) => c.getAttribute('aria-label'))).toEqual(['Initials', ...AVATAR_ICONS.map((n) => n[0]!.toUpperCase() + n.slice(1))]);
    expect(within(group).getByRole('radio', { name: 'Initials' })).toBeChecked();
    // Until an icon is picked, the menu shows the initials.
    expect(await menuAvatar()).toHaveTextContent('AO');
    expect(screen.getByText('Without an icon, your initials (AO) are shown.')).toBeInTheDocument();

    await user.click(within(group).getByRole('radio', { name: 'Rocket' }));
    expect(await screen.findByText(AVATAR_MESSAGES.saved)).toBeInTheDocument();
    expect(api.callsTo('POST /api/account/avatar').map((c) => c.body)).toEqual([{ avatar: 'rocket' }]);
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Rocket' })).toBeChecked());
    const avatar = await menuAvatar();
    expect(avatar).toHaveAttribute('data-avatar', 'rocket');
    expect(avatar!.querySelector('svg.tabler-icon-rocket')).not.toBeNull();
    expect(avatar).not.toHaveTextContent('AO');

    // Back to the initials: null.
    await user.click(within(group).getByRole('radio', { name: 'Initials' }));
    await waitFor(() => expect(api.callsTo('POST /api/account/avatar').map((c) => c.body)).toEqual([{ avatar: 'rocket' }, { avatar: null }]));
    await waitFor(async () => expect(await menuAvatar()).toHaveTextContent('AO'));
  });

  it('shows the saved icon as chosen, and says why a save failed, keeping the old one', async () => {
    stubSignedIn(makeAccount({ avatar: 'cat' }), makeJwt(), {
      ...config,
      'POST /api/account/avatar': fail(400, AVATAR_MESSAGES.unknown),
    });
    renderApp('/account/profile');
    const user = userEvent.setup();
    const group = await screen.findByRole('radiogroup', { name: 'Avatar' });
    expect(within(group).getByRole('radio', { name: 'Cat' })).toBeChecked();
    expect(await menuAvatar()).toHaveAttribute('data-avatar', 'cat');
    await user.click(within(group).getByRole('radio', { name: 'Moon' }));
    expect(await screen.findByText(AVATAR_MESSAGES.unknown)).toBeInTheDocument();
    expect(within(group).getByRole('radio', { name: 'Cat' })).toBeChecked();
    expect(await menuAvatar()).toHaveAttribute('data-avatar', 'cat');
  });
});
