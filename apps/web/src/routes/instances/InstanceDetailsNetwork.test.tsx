import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { ACCESS_LIST_MESSAGES, type AccessList, type Instance, type Permission } from '@replay/contracts';
import { fail, ok, type StubRequest, type StubResponse } from '../../test/fetch-stub';
import { DETAILS_API, openDetailsTab } from './details-stub';

const BASE = DETAILS_API;
type Handler = StubResponse | ((req: StubRequest) => StubResponse);

const list = (entries: AccessList['entries'], pending = false): AccessList => ({ entries, pending, updatedAt: entries.length ? Date.now() : null, yourAddress: '198.51.100.7' });
const OFFICE = { address: '203.0.113.0/24', comment: 'Office' };

function open(opts: { permissions?: Permission[]; handlers?: Record<string, Handler>; status?: Instance['status'] } = {}) {
  return openDetailsTab('network', { ...opts, instance: opts.status ? { status: opts.status } : {}, handlers: { [`GET ${BASE}/access-list`]: ok(list([OFFICE])), ...opts.handlers } });
}

afterEach(() => notifications.clean());

describe('the Network access tab', () => {
  it('lists the allowed addresses with their comments, kept in the address', async () => {
    open();
    expect(await screen.findByRole('tab', { name: 'Network access', selected: true })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Allowed addresses' });
    expect(within(table).getByText('203.0.113.0/24')).toBeInTheDocument();
    expect(within(table).getByText('Office')).toBeInTheDocument();
  });

  it('adds entries by the contracts’ rule, adds the member’s own address, and saves the whole list', async () => {
    let saved: unknown;
    const { stub, user } = open({
      handlers: {
        [`POST ${BASE}/access-list`]: (req) => {
          saved = req.body;
          return ok(list([OFFICE, { address: '2001:db8::/32', comment: 'VPN' }, { address: '198.51.100.7', comment: 'My address' }], true));
        },
      },
    });
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    const address = screen.getByRole('textbox', { name: 'Address or range' });
    const add = screen.getByRole('button', { name: 'Add' });
    await user.click(add);
    expect(await screen.findByText(ACCESS_LIST_MESSAGES.emptyAddress)).toBeInTheDocument();
    await user.type(address, 'intranet.example');
    await user.click(add);
    expect(await screen.findByText(ACCESS_LIST_MESSAGES.notAnAddress('intranet.example'))).toBeInTheDocument();
    await user.clear(address);
    await user.type(address, '203.0.113.0/24{Enter}');
    expect(await screen.findByText(ACCESS_LIST_MESSAGES.duplicate('203.0.113.0/24'))).toBeInTheDocument();
    await user.clear(address);
    await user.type(address, '2001:DB8::/32');
    await user.type(screen.getByRole('textbox', { name: 'Comment' }), 'VPN{Enter}');
    await user.click(screen.getByRole('button', { name: 'Add my address (198.51.100.7)' }));
    const table = screen.getByRole('table', { name: 'Allowed addresses' });
    expect(within(table).getByText('2001:db8::/32')).toBeInTheDocument();
    expect(within(table).getByText('198.51.100.7')).toBeInTheDocument();

    await user.click(save);
    expect(await screen.findByText(ACCESS_LIST_MESSAGES.saved)).toBeInTheDocument();
    expect(saved).toEqual({ entries: [OFFICE, { address: '2001:db8::/32', comment: 'VPN' }, { address: '198.51.100.7', comment: 'My address' }] });
    expect(stub.callsTo(`POST ${BASE}/access-list`)).toHaveLength(1);
    expect(screen.getByText(ACCESS_LIST_MESSAGES.pending)).toBeInTheDocument();
  });

  it('asks before a save that leaves the member’s own address out, and saves nothing on Cancel', async () => {
    const { stub, user } = open({ handlers: { [`POST ${BASE}/access-list`]: ok(list([OFFICE], true)) } });
    await user.click(await screen.findByRole('button', { name: 'Remove 203.0.113.0/24' }));
    await user.type(screen.getByRole('textbox', { name: 'Address or range' }), '203.0.113.0/25{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save without your address?' });
    expect(within(dialog).getByText(ACCESS_LIST_MESSAGES.lockOut('198.51.100.7'))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(stub.callsTo(`POST ${BASE}/access-list`)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(stub.callsTo(`POST ${BASE}/access-list`)).toHaveLength(1));
  });

  it('opens the instance to every address when the last entry goes, and a refused save says why', async () => {
    const { user } = open({ handlers: { [`POST ${BASE}/access-list`]: fail(409, 'This instance has been terminated.') } });
    await user.click(await screen.findByRole('button', { name: 'Remove 203.0.113.0/24' }));
    expect(screen.getByText(ACCESS_LIST_MESSAGES.open)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(ACCESS_LIST_MESSAGES.saveFailed)).toBeInTheDocument();
    expect(screen.getByText('This instance has been terminated.')).toBeInTheDocument();
  });

  it('shows no editing to a member who may only read, who may still test an address', async () => {
    const { user } = open({
      permissions: ['VIEW_INSTANCES'],
      handlers: { [`POST ${BASE}/access-check`]: ok({ address: '192.0.2.1', allowed: false, matched: null, reason: ACCESS_LIST_MESSAGES.refused('192.0.2.1') }) },
    });
    await screen.findByRole('table', { name: 'Allowed addresses' });
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove 203.0.113.0/24' })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Client address' }), '192.0.2.1{Enter}');
    const answer = (await screen.findByText('192.0.2.1 is refused')).closest('[role="status"]');
    expect(answer).toHaveTextContent(ACCESS_LIST_MESSAGES.refused('192.0.2.1'));
  });

  it('refuses a range as the address to test without asking the instance', async () => {
    const { stub, user } = open();
    await user.type(await screen.findByRole('textbox', { name: 'Client address' }), '10.0.0.0/8{Enter}');
    expect(await screen.findByText(ACCESS_LIST_MESSAGES.notOneAddress)).toBeInTheDocument();
    expect(stub.callsTo(`POST ${BASE}/access-check`)).toHaveLength(0);
  });

  it('says the list could not be loaded, with a retry', async () => {
    open({ handlers: { [`GET ${BASE}/access-list`]: fail(500, 'Internal server error.') } });
    expect(await screen.findByText(/The network access list could not be loaded/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Retry|Try again/ })).toBeInTheDocument();
  });
});
