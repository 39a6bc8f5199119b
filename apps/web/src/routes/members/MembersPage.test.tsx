import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { MEMBER_MESSAGES, type Permission } from '@replay/contracts';
import { fail, ok, stubSignedIn } from '../../test/fetch-stub';
import { makeAccount, makeJwt, publicConfig } from '../../test/fixtures';
import { locationNow, renderApp } from '../../test/render';
import { NO_ROLE_TO_GIVE } from '../../features/members/NoRoleToGive';
import { ADMIN_ROLE_ID, SUPPORT_ROLE_ID, makeMember, makeRole, ownerRole, selfMember, trackUrls } from '../../test/team-fixtures';

const grace = makeMember();
const pending = makeMember({
  userId: '10000000-0000-4000-8000-000000000003',
  name: 'Alan Turing',
  email: 'alan@example.com',
  joined: false,
  invitationLink: 'http://localhost/invitation?token=abc',
});
const expired = makeMember({
  userId: '10000000-0000-4000-8000-000000000004',
  name: 'Joan Clarke',
  email: 'joan@example.com',
  joined: false,
  expiredInvitation: true,
});
const roles = [ownerRole(), makeRole(), makeRole({ roleId: ADMIN_ROLE_ID, name: 'Billing', permissions: ['VIEW_BILLING'] })];

function signIn(permissions: Permission[] | undefined, handlers: Parameters<typeof stubSignedIn>[2] = {}) {
  return stubSignedIn(makeAccount(permissions ? { permissions, admin: false, superAdmin: false } : {}), makeJwt(), {
    'GET /api/public-config': ok(publicConfig),
    'GET /api/client/members': ok({ users: [selfMember(), grace, pending, expired], total: 4 }),
    'GET /api/client/roles': ok(roles),
    'GET /api/limits': ok({ teamMember: { limit: 50, remaining: 46 }, sites: { limit: 10, remaining: 10 } }),
    [`GET /api/users/${grace.userId}`]: ok(grace),
    'GET /api/users/usr_1': ok(selfMember()),
    ...handlers,
  });
}

async function openInvite() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Invite Team Member' }));
  const dialog = await screen.findByRole('dialog', { name: 'Invite Team Member' });
  return { user, dialog };
}

// Mantine animates dropdowns with requestAnimationFrame, which jsdom does not run:
// the options are in the document but stay hidden, hence `hidden: true`.
const option = (name: string) => screen.findByRole('option', { name, hidden: true });

async function chooseRole(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, name: string) {
  await user.click(within(dialog).getByRole('textbox', { name: 'Role' }));
  await user.click(await option(name));
}

// Toasts live in a module-level store: clear it so one test's toasts never queue the next one's.
afterEach(() => notifications.clean());

describe('Team Members', () => {
  it('lists members with role badges and joined / pending / expired states', async () => {
    signIn(undefined);
    renderApp('/members');
    const table = await screen.findByRole('table', { name: 'Team members' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(5);
    expect(within(rows[2]!).getByText('Support')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Joined')).toBeInTheDocument();
    expect(within(rows[3]!).getByText('Pending')).toBeInTheDocument();
    expect(within(rows[4]!).getByText('Expired')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 4 of 4 members.')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('Filter by name, role')).toBeInTheDocument();
  });

  it('marks a member the identity provider created as Provisioned by SCIM, and no one else', async () => {
    const provisioned = makeMember({ userId: '10000000-0000-4000-8000-000000000009', name: 'Okta Person', email: 'okta@example.com', provisioned: true });
    signIn(undefined, { 'GET /api/client/members': ok({ users: [selfMember(), grace, provisioned], total: 3 }) });
    renderApp('/members');
    const table = await screen.findByRole('table', { name: 'Team members' });
    const rows = within(table).getAllByRole('row');
    expect(within(rows[3]!).getByText('Provisioned by SCIM')).toBeInTheDocument();
    expect(within(table).getAllByText('Provisioned by SCIM')).toHaveLength(1);
  });

  it('pictures each member with their avatar icon, or their initials until they pick one', async () => {
    signIn(undefined, { 'GET /api/client/members': ok({ users: [selfMember(), { ...grace, avatar: 'compass' }], total: 2 }) });
    renderApp('/members');
    const table = await screen.findByRole('table', { name: 'Team members' });
    const [, self, other] = within(table).getAllByRole('row');
    expect(self!.querySelector('[data-avatar]')).toHaveAttribute('data-avatar', 'initials');
    expect(self!.querySelector('[data-avatar]')).toHaveTextContent('AO');
    expect(other!.querySelector('[data-avatar]')).toHaveAttribute('data-avatar', 'compass');
    expect(other!.querySelector('svg.tabler-icon-compass')).not.toBeNull();
  });

  it('is read-only without EDIT_MEMBERS: no invite, edit, link or remove controls', async () => {
    const api = signIn(['VIEW_MEMBERS']);
    renderApp('/members');
    await screen.findByRole('table', { name: 'Team members' });
    expect(screen.queryByRole('button', { name: 'Invite Team Member' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();
    expect(screen.queryByRole('button', { name: /invitation link/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Generate new link/ })).toBeNull();
    // The role list is only read for the invite form.
    expect(api.callsTo('GET /api/client/roles')).toHaveLength(0);
  });

  it('keeps Invite disabled until name, email and role are valid, and never offers the Owner role', async () => {
    signIn(undefined);
    renderApp('/members');
    const { user, dialog } = await openInvite();
    const invite = within(dialog).getByRole('button', { name: 'Invite' });
    expect(invite).toBeDisabled();
    const name = within(dialog).getByLabelText(/^Name/);
    expect(name).toHaveAttribute('maxLength', '50');
    expect(within(dialog).getByLabelText(/^Email/)).toHaveAttribute('maxLength', '320');

    await user.type(name, 'Bob <script>');
    await user.tab();
    expect(within(dialog).getByText(MEMBER_MESSAGES.nameInvalid)).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'Zoë Ñúñez-O_Brien 2');
    expect(within(dialog).queryByText(MEMBER_MESSAGES.nameInvalid)).toBeNull();

    const email = within(dialog).getByLabelText(/^Email/);
    await user.type(email, 'not-an-email');
    await user.tab();
    expect(within(dialog).getByText('Enter a valid email address')).toBeInTheDocument();
    expect(invite).toBeDisabled();
    await user.clear(email);
    await user.type(email, 'zoe@example.com');
    expect(invite).toBeDisabled(); // still no role
    expect(within(dialog).queryByTestId('no-role-to-give')).toBeNull();

    await user.click(within(dialog).getByRole('textbox', { name: 'Role' }));
    expect(await option('Support')).toBeInTheDocument();
    expect(await option('Billing')).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Owner', hidden: true })).toBeNull();
    await user.click(await option('Support'));
    expect(invite).toBeEnabled();
  });

  it('says why the Role list is empty when only the Owner role exists, and leads to Create a role', async () => {
    signIn(undefined, { 'GET /api/client/roles': ok([ownerRole()]) });
    renderApp('/members');
    const { user, dialog } = await openInvite();
    const guide = await within(dialog).findByTestId('no-role-to-give');
    expect(guide).toHaveTextContent(NO_ROLE_TO_GIVE);
    expect(guide).toHaveTextContent('The Owner role is never given');
    await user.click(within(guide).getByRole('link', { name: 'Create a role' }));
    await waitFor(() => expect(locationNow()).toBe('/roles'));
  });

  it('guides a member who may not create roles when every role holds more rights than theirs', async () => {
    signIn(['VIEW_MEMBERS', 'EDIT_MEMBERS', 'VIEW_INSTANCES'], { 'GET /api/client/roles': ok([ownerRole(), makeRole({ roleId: ADMIN_ROLE_ID, name: 'Billing', permissions: ['VIEW_BILLING'] })]) });
    renderApp('/members');
    const { dialog } = await openInvite();
    const guide = await within(dialog).findByTestId('no-role-to-give');
    expect(guide).toHaveTextContent('Ask a member who manages roles to create one');
    expect(within(guide).queryByRole('link')).toBeNull();
  });

  it('shows no guide when the roles could not be read: the list is not known to be empty', async () => {
    signIn(undefined, { 'GET /api/client/roles': fail(500, 'down') });
    renderApp('/members');
    const { dialog } = await openInvite();
    expect(await within(dialog).findByPlaceholderText('The roles could not be loaded')).toBeInTheDocument();
    expect(within(dialog).queryByTestId('no-role-to-give')).toBeNull();
  });

  it("invites, sends the contract's body and shows the spec's message", async () => {
    const api = signIn(undefined, { 'POST /api/client/members': { status: 201, body: { data: pending } } });
    renderApp('/members');
    const { user, dialog } = await openInvite();
    await user.type(within(dialog).getByLabelText(/^Name/), ' Alan Turing ');
    await user.type(within(dialog).getByLabelText(/^Email/), 'Alan@Example.com');
    await chooseRole(user, dialog, 'Support');
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText(MEMBER_MESSAGES.invitationSent)).toBeInTheDocument();
    expect(api.callsTo('POST /api/client/members')[0]?.body).toEqual({
      name: 'Alan Turing',
      email: 'alan@example.com',
      admin: false,
      roleId: SUPPORT_ROLE_ID,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Invite Team Member' })).toBeNull());
  });

  it("shows the server's first error, else 'Error saving user', and keeps the form open", async () => {
    let answer = fail(409, 'A member with this email already exists.', 'second');
    signIn(undefined, { 'POST /api/client/members': () => answer });
    renderApp('/members');
    const { user, dialog } = await openInvite();
    await user.type(within(dialog).getByLabelText(/^Name/), 'Alan');
    await user.type(within(dialog).getByLabelText(/^Email/), 'alan@example.com');
    await chooseRole(user, dialog, 'Support');
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('A member with this email already exists.')).toBeInTheDocument();
    answer = fail(500);
    await user.click(within(dialog).getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText(MEMBER_MESSAGES.saveFailed)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Invite Team Member' })).toBeInTheDocument();
  });

  it("edits the member as the server has it now, email read-only, and says 'User updated successfully'", async () => {
    const api = signIn(undefined, {
      [`GET /api/users/${grace.userId}`]: ok({ ...grace, name: 'Grace Brewster Hopper' }),
      [`PUT /api/client/members/${grace.userId}`]: ok(grace),
    });
    renderApp('/members');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Grace Hopper' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Team Member' });
    expect(await within(dialog).findByLabelText(/^Email/)).toHaveAttribute('readonly');
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('Grace Brewster Hopper');
    await user.type(within(dialog).getByLabelText(/^Name/), ' B');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(MEMBER_MESSAGES.userUpdated)).toBeInTheDocument();
    expect(api.callsTo(`GET /api/users/${grace.userId}`)).toHaveLength(1);
    expect(api.callsTo(`PUT /api/client/members/${grace.userId}`)[0]?.body).toMatchObject({
      name: 'Grace Brewster Hopper B',
      email: 'grace@example.com',
      roleId: SUPPORT_ROLE_ID,
    });
  });

  it('disables the role select for the super admin', async () => {
    signIn(undefined);
    renderApp('/members');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Ada Owner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Team Member' });
    expect(await within(dialog).findByRole('textbox', { name: 'Role' })).toBeDisabled();
    expect(within(dialog).getByRole('textbox', { name: 'Role' })).toHaveValue('Owner');
    // Nobody removes the super admin (nor themselves): no remove control on that row.
    expect(screen.queryByRole('button', { name: 'Remove Ada Owner' })).toBeNull();
  });

  it('copies a pending link, says an expired one has none, and generates a new link', async () => {
    const api = signIn(undefined, { [`GET /api/client/members/${expired.userId}/reset`]: ok({ invitationLink: 'http://x/invitation?token=new' }) });
    renderApp('/members');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Copy invitation link of Alan Turing' }));
    expect(await screen.findByText(MEMBER_MESSAGES.linkCopied)).toBeInTheDocument();
    expect(await navigator.clipboard.readText()).toBe('http://localhost/invitation?token=abc');
    await user.click(screen.getByRole('button', { name: 'Copy invitation link of Joan Clarke' }));
    expect(await screen.findByText(MEMBER_MESSAGES.linkExpired)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Generate new link for Joan Clarke' }));
    expect(await screen.findByText(MEMBER_MESSAGES.inviteCodeGenerated)).toBeInTheDocument();
    expect(api.callsTo(`GET /api/client/members/${expired.userId}/reset`)).toHaveLength(1);
  });

  it("shows 'Generating an invite code...' while the new link is made", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    signIn(undefined, {
      [`GET /api/client/members/${expired.userId}/reset`]: async () => {
        await gate;
        return ok({ invitationLink: 'http://x/invitation?token=new' });
      },
    });
    renderApp('/members');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Generate new link for Joan Clarke' }));
    expect(await screen.findByText(MEMBER_MESSAGES.generatingInviteCode)).toBeInTheDocument();
    release();
    expect(await screen.findByText(MEMBER_MESSAGES.inviteCodeGenerated)).toBeInTheDocument();
  });

  it("confirms a removal, and on failure says 'Error deleting team member.' with the reason", async () => {
    const api = signIn(undefined, { [`DELETE /api/client/members/${grace.userId}`]: fail(409, 'The account must keep at least one owner.') });
    renderApp('/members');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Remove Grace Hopper' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove team member' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(MEMBER_MESSAGES.deleteFailed)).toBeInTheDocument();
    expect(within(dialog).getByText('The account must keep at least one owner.')).toBeInTheDocument();
    expect(api.callsTo(`DELETE /api/client/members/${grace.userId}`)).toHaveLength(1);
  });

  it('searches on the server 500 ms after typing stops, from page 1, and keeps page and search in the address', async () => {
    const stub = signIn(undefined, {
      'GET /api/client/members': () => ok({ users: [grace], total: 25 }),
    });
    const urls = trackUrls(stub);
    renderApp('/members?page=2');
    await screen.findByRole('table', { name: 'Team members' });
    expect(urls.queries('/api/client/members')[0]).toEqual({ page: '2', limit: '10' });
    expect(screen.getByText('Showing 11 to 20 of 25 members.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByPlaceholderText('Filter by name, role'), 'sup');
    await waitFor(() => expect(urls.queries('/api/client/members').at(-1)).toEqual({ page: '1', limit: '10', query: 'sup' }));
    // One search per pause, not one per key.
    expect(urls.queries('/api/client/members').filter((q) => q.query)).toHaveLength(1);
  });
});
