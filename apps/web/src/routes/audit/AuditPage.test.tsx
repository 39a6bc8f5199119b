import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { AUDIT_MESSAGES, DAY_MS, type AuditEntry, type Permission } from '@replay/contracts';
import { NOT_ALLOWED_MESSAGE } from '../../components/NotAllowed';
import { failWith, ok, stubSignedIn } from '../../test/fetch-stub';
import { makeAccount, makeJwt, publicConfig } from '../../test/fixtures';
import { renderApp } from '../../test/render';
import { makeMember } from '../../test/team-fixtures';

interface TrailsBody {
  page: number;
  limit: number;
  period?: { start: number; end: number };
  action?: string;
  userId?: string;
  query?: string;
}

function entry(n: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    userId: 'usr_1',
    apiKeyId: null,
    username: 'Ada Owner',
    email: 'ada@example.com',
    action: n % 2 ? 'Invite member' : 'Create role',
    createdAt: Date.UTC(2026, 0, 1) + n * 60_000,
    endpoint: n % 2 ? '/api/client/members' : '/api/client/roles',
    route: n % 2 ? '/api/client/members' : '/api/client/roles',
    parameters: {},
    method: n % 2 ? 'POST' : 'PUT',
    status: 201,
    payload: { name: `Person ${n}`, email: `person${n}@example.com`, password: '[REDACTED]' },
    ...overrides,
  };
}

/** 130 entries; POST /trails answers the page and limit it is asked for (filtered by action). */
function signIn(permissions?: Permission[], exportGate: Promise<void> = Promise.resolve()) {
  const all = Array.from({ length: 130 }, (_, i) => entry(i + 1));
  return stubSignedIn(makeAccount(permissions ? { permissions } : {}), makeJwt(), {
    'GET /api/public-config': ok(publicConfig),
    'GET /api/client/members': ok({ users: [makeMember()], total: 1 }),
    'POST /api/trails': async (req) => {
      const body = req.body as TrailsBody;
      if (body.limit === 100) await exportGate;
      const matching = all.filter((e) => !body.action || e.action === body.action);
      return ok({ sessions: matching.slice((body.page - 1) * body.limit, body.page * body.limit), count: matching.length });
    },
    [`GET /api/trails/${entry(1).id}`]: ok(entry(1)),
  });
}

const trailBodies = (api: ReturnType<typeof signIn>) => api.callsTo('POST /api/trails').map((c) => c.body as TrailsBody);

afterEach(() => notifications.clean());

describe('Audit trail', () => {
  it('lists 20 entries a page over the last 7 days by default', async () => {
    const api = signIn();
    renderApp('/client/audit');
    const table = await screen.findByRole('table', { name: 'Audit trail' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Time', 'User', 'Action', 'Endpoint', 'Status']);
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    expect(screen.getByText('Showing 1 to 20 of 130 entries.')).toBeInTheDocument();
    const [first] = trailBodies(api);
    expect(first).toMatchObject({ page: 1, limit: 20 });
    expect(first!.period!.end - first!.period!.start).toBe(7 * DAY_MS);
    expect(screen.getByRole('textbox', { name: 'Period' })).toHaveValue('Last 7 days');
  });

  it('filters by action and keeps the filter in the address', async () => {
    const api = signIn();
    renderApp('/client/audit?action=Create+role');
    expect(await screen.findByText('Showing 1 to 20 of 65 entries.')).toBeInTheDocument();
    expect(trailBodies(api)[0]).toMatchObject({ action: 'Create role' });
    expect(screen.getByRole('textbox', { name: 'Action' })).toHaveValue('Create role');
  });

  it('filters by user, chosen among the members, from page 1', async () => {
    const api = signIn();
    renderApp('/client/audit?page=2');
    await screen.findByText('Showing 21 to 40 of 130 entries.');
    const user = userEvent.setup();
    await user.click(screen.getByRole('textbox', { name: 'User' }));
    await user.click(await screen.findByRole('option', { name: 'Grace Hopper (grace@example.com)', hidden: true }));
    await waitFor(() => expect(trailBodies(api).at(-1)).toMatchObject({ page: 1, userId: makeMember().userId }));
  });

  it('opens the full entry in a drawer with its payload as pretty JSON', async () => {
    const api = signIn();
    renderApp('/client/audit');
    const table = await screen.findByRole('table', { name: 'Audit trail' });
    const user = userEvent.setup();
    await user.click(within(table).getAllByRole('button', { name: 'Invite member' })[0]!);
    const drawer = await screen.findByRole('dialog', { name: 'Audit entry' });
    expect(await within(drawer).findByText(/"password": "\[REDACTED\]"/)).toBeInTheDocument();
    expect(within(drawer).getByText(/"email": "person1@example.com"/)).toBeInTheDocument();
    expect(api.callsTo(`GET /api/trails/${entry(1).id}`)).toHaveLength(1);
  });

  it("exports every matching entry (all pages) to CSV: 'Exporting...' then 'Export successful'", async () => {
    let release: () => void = () => undefined;
    const api = signIn(undefined, new Promise<void>((resolve) => (release = resolve)));
    const blobs: Blob[] = [];
    // jsdom has no object URLs and does not download: catch the file where the page hands it over.
    const { createObjectURL, revokeObjectURL } = URL;
    Object.assign(URL, { createObjectURL: (b: Blob) => (blobs.push(b), 'blob:audit'), revokeObjectURL: () => undefined });
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    onTestFinished(() => {
      Object.assign(URL, { createObjectURL, revokeObjectURL });
      click.mockRestore();
    });
    renderApp('/client/audit');
    await screen.findByRole('table', { name: 'Audit trail' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Export' }));
    expect(await screen.findByText(AUDIT_MESSAGES.exporting)).toBeInTheDocument();
    release();
    expect(await screen.findByText(AUDIT_MESSAGES.exported)).toBeInTheDocument();

    const exportCalls = trailBodies(api).filter((b) => b.limit === 100);
    expect(exportCalls.map((b) => b.page)).toEqual([1, 2]);
    expect(exportCalls[0]!.period).toEqual(exportCalls[1]!.period);
    expect(clicked).toEqual([expect.stringMatching(/^audit-trail-\d{4}-\d{2}-\d{2}\.csv$/)]);
    const lines = (await blobs[0]!.text()).trim().split('\r\n');
    expect(lines).toHaveLength(131);
    expect(lines[0]).toBe('Time,Username,Email,Action,Method,Endpoint,Status,Parameters,Payload');
    expect(lines[1]).toBe(
      '2026-01-01T00:01:00.000Z,Ada Owner,ada@example.com,Invite member,POST,/api/client/members,201,{},' + '"{""name"":""Person 1"",""email"":""person1@example.com"",""password"":""[REDACTED]""}"',
    );
    expect(lines.filter((l) => l.includes(',Create role,'))).toHaveLength(65);
  });

  it('downloads the signed export in the format chosen, with the session’s token; a refusal shows its reason', async () => {
    const answers = [ok('{"type":"head"}'), failWith('forbidden', AUDIT_MESSAGES.exportNeedsAllInstances)];
    const api = stubSignedIn(makeAccount(), makeJwt(), {
      'GET /api/public-config': ok(publicConfig),
      'GET /api/client/members': ok({ users: [makeMember()], total: 1 }),
      'POST /api/trails': ok({ sessions: [entry(1)], count: 1 }),
      'GET /api/trails/export': () => answers.shift()!,
    });
    const { createObjectURL, revokeObjectURL } = URL;
    Object.assign(URL, { createObjectURL: () => 'blob:audit', revokeObjectURL: () => undefined });
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    onTestFinished(() => {
      Object.assign(URL, { createObjectURL, revokeObjectURL });
      click.mockRestore();
    });
    renderApp('/client/audit');
    await screen.findByRole('table', { name: 'Audit trail' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Signed export' }));
    expect(await screen.findByRole('menuitem', { name: 'Public signing key' })).toHaveAttribute('href', '/api/audit/signing-key');
    await user.click(screen.getByRole('menuitem', { name: 'JSON Lines' }));
    expect(await screen.findByText(AUDIT_MESSAGES.exported)).toBeInTheDocument();
    const [call] = api.callsTo('GET /api/trails/export');
    expect(call).toMatchObject({ search: '?format=jsonl', authorization: expect.stringMatching(/^Bearer /) });
    expect(clicked).toEqual([expect.stringMatching(/^audit-chain-\d{4}-\d{2}-\d{2}\.jsonl$/)]);

    await user.click(screen.getByRole('button', { name: 'Signed export' }));
    await user.click(await screen.findByRole('menuitem', { name: 'CSV' }));
    expect(await screen.findByText(AUDIT_MESSAGES.exportNeedsAllInstances)).toBeInTheDocument();
    expect(api.callsTo('GET /api/trails/export')[1]).toMatchObject({ search: '?format=csv' });
    expect(clicked).toHaveLength(1);
  });

  it('offers a custom period with start and end', async () => {
    const api = signIn();
    renderApp('/client/audit?period=custom&from=2026-01-01T00:00&to=2026-01-01T23:59');
    await screen.findByRole('table', { name: 'Audit trail' });
    expect(screen.getByLabelText('From')).toHaveValue('2026-01-01T00:00');
    const { period } = trailBodies(api)[0]!;
    expect(period).toEqual({ start: new Date(2026, 0, 1).getTime(), end: new Date(2026, 0, 2).getTime() - 1 });
  });

  it("shows 'Not allowed' without the audit screen's permission", async () => {
    const api = signIn(['VIEW_INSTANCES']);
    renderApp('/client/audit');
    expect(await screen.findByText(NOT_ALLOWED_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('POST /api/trails')).toHaveLength(0));
  });
});
