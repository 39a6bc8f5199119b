import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@replay/contracts';
import { fail, ok, stubSignedIn } from '../../test/fetch-stub';
import { currentAccountKey } from '../../features/account/api';
import { makeAccount, makeJwt, publicConfig } from '../../test/fixtures';
import { renderApp } from '../../test/render';

type User = ReturnType<typeof userEvent.setup>;

async function openForm(user: User) {
  await user.click(await screen.findByRole('button', { name: 'Change Password' }));
  return {
    old: screen.getByLabelText('Old Password:'),
    next: screen.getByLabelText('New Password:'),
    repeat: screen.getByLabelText('Repeat New Password:'),
    submit: screen.getByRole('button', { name: 'Change Password' }),
  };
}

describe('Change Password', () => {
  it('is collapsed behind its button; Cancel clears and collapses', async () => {
    stubSignedIn(makeAccount(), makeJwt(), { 'GET /api/public-config': ok(publicConfig) });
    renderApp('/account/profile');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Change Password' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Old Password:')).toBeNull();

    const form = await openForm(user);
    await user.type(form.old, 'Old-pass1');
    await user.type(form.next, 'New-pass2!');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Old Password:')).toBeNull();

    const again = await openForm(user);
    expect(again.old).toHaveValue('');
    expect(again.next).toHaveValue('');
    expect(again.repeat).toHaveValue('');
  });

  it("blocks submitting until old is set, new has 8 characters and both new ones match; shows 'Passwords don't match' live", async () => {
    stubSignedIn(makeAccount(), makeJwt(), { 'GET /api/public-config': ok(publicConfig) });
    renderApp('/account/profile');
    const user = userEvent.setup();
    const form = await openForm(user);
    expect(form.submit).toBeDisabled();

    await user.type(form.next, 'Short1!');
    await user.type(form.repeat, 'Short1!');
    await user.type(form.old, 'Old-pass1');
    expect(form.submit).toBeDisabled(); // under 8 characters

    await user.clear(form.next);
    await user.type(form.next, 'New-pass2!');
    await user.clear(form.repeat);
    await user.type(form.repeat, 'New-pass');
    expect(screen.getByText(MESSAGES.passwordsDontMatch)).toBeInTheDocument();
    expect(form.submit).toBeDisabled();

    await user.type(form.repeat, '2!');
    expect(screen.queryByText(MESSAGES.passwordsDontMatch)).toBeNull();
    expect(form.submit).toBeEnabled();

    await user.clear(form.old);
    expect(form.submit).toBeDisabled();
  });

  it('needs a strong new password', async () => {
    const api = stubSignedIn(makeAccount(), makeJwt(), { 'GET /api/public-config': ok(publicConfig) });
    renderApp('/account/profile');
    const user = userEvent.setup();
    const form = await openForm(user);
    await user.type(form.old, 'Old-pass1');
    await user.type(form.next, 'alllowercase');
    await user.type(form.repeat, 'alllowercase');
    await user.click(form.submit);
    expect(screen.getAllByText(MESSAGES.passwordStrength).length).toBeGreaterThan(0);
    expect(api.callsTo('POST /api/account/password')).toHaveLength(0);
  });

  it('lists server errors under the form, which stays open', async () => {
    stubSignedIn(makeAccount(), makeJwt(), {
      'GET /api/public-config': ok(publicConfig),
      'POST /api/account/password': fail(400, 'Old password is incorrect.', 'Try again later.'),
    });
    renderApp('/account/profile');
    const user = userEvent.setup();
    const form = await openForm(user);
    await user.type(form.old, 'Wrong-pass1');
    await user.type(form.next, 'New-pass2!');
    await user.type(form.repeat, 'New-pass2!');
    await user.click(form.submit);
    const list = await screen.findByRole('alert', { name: 'Password change errors' });
    expect(list).toHaveTextContent('Old password is incorrect.');
    expect(list).toHaveTextContent('Try again later.');
    expect(screen.getByLabelText('Old Password:')).toHaveValue('Wrong-pass1');
  });

  it('clears the server errors once the account is saved or read again', async () => {
    const account = makeAccount();
    stubSignedIn(account, makeJwt(), {
      'GET /api/public-config': ok(publicConfig),
      'POST /api/account/password': fail(400, 'Old password is incorrect.'),
      'POST /api/account': (req) => ok({ ...account, ...(req.body as object) }),
    });
    const { queryClient } = renderApp('/account/profile');
    const user = userEvent.setup();
    const form = await openForm(user);
    await user.type(form.old, 'Wrong-pass1');
    await user.type(form.next, 'New-pass2!');
    await user.type(form.repeat, 'New-pass2!');
    await user.click(form.submit);
    const errors = () => screen.queryByRole('alert', { name: 'Password change errors' });
    expect(await screen.findByRole('alert', { name: 'Password change errors' })).toHaveTextContent('Old password is incorrect.');
    // A read of the account (here: the cache invalidated, as a billing change does).
    await act(() => queryClient.invalidateQueries({ queryKey: currentAccountKey }));
    await waitFor(() => expect(errors()).toBeNull());
    // A save of the account.
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByRole('alert', { name: 'Password change errors' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Organization'), ' Ltd');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Profile updated successfully.')).toBeInTheDocument();
    await waitFor(() => expect(errors()).toBeNull());
    // The form itself stays as it was: only the errors were stale.
    expect(screen.getByLabelText('Old Password:')).toHaveValue('Wrong-pass1');
  });

  it('on success toasts, clears the fields and collapses', async () => {
    const account = makeAccount();
    const api = stubSignedIn(account, makeJwt(), {
      'GET /api/public-config': ok(publicConfig),
      'POST /api/account/password': ok(account),
    });
    renderApp('/account/profile');
    const user = userEvent.setup();
    const form = await openForm(user);
    await user.type(form.old, 'Old-pass1');
    await user.type(form.next, 'New-pass2!');
    await user.type(form.repeat, 'New-pass2!');
    await user.click(form.submit);
    expect(await screen.findByText('Successfully changed password')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText('Old Password:')).toBeNull());
    expect(api.callsTo('POST /api/account/password')[0]?.body).toEqual({ oldPassword: 'Old-pass1', newPassword: 'New-pass2!' });
    const reopened = await openForm(user);
    expect(reopened.old).toHaveValue('');
  });

  it('is not offered to accounts without a password', async () => {
    stubSignedIn(makeAccount({ hasPassword: false }), makeJwt(), { 'GET /api/public-config': ok(publicConfig) });
    renderApp('/account/profile');
    expect(await screen.findByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change Password' })).toBeNull();
  });
});
