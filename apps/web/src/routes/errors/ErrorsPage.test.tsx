import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { JS_ERROR_MESSAGES, type JsErrorGroup, type Permission, type SourceMapInfo } from '@replay/contracts';
import { fail, ok, stubSignedIn } from '../../test/fetch-stub';
import { makeAccount, makeJwt, publicConfig } from '../../test/fixtures';
import { renderApp } from '../../test/render';

const SITE = '11111111-1111-4111-8111-111111111111';
const group: JsErrorGroup = {
  errorId: 'abcdef0123456789',
  name: 'TypeError',
  message: 'a is undefined',
  topFrame: { file: 'https://shop.example.com/app.min.js', function: 'p', line: 1, column: 42 },
  count: 5,
  sessions: 3,
  firstSeen: 1,
  lastSeen: Date.UTC(2026, 0, 2),
};

const MAP: SourceMapInfo = { id: '22222222-2222-4222-8222-222222222222', release: '2.4.0', fileUrl: 'https://shop.example.com/app.min.js', bytes: 2048, uploadedAt: Date.UTC(2026, 0, 3) };

function open(answer: ReturnType<typeof ok>, permissions?: Permission[]) {
  let maps = [MAP];
  const api = stubSignedIn(makeAccount(permissions ? { permissions } : {}), makeJwt(), {
    'GET /api/public-config': ok(publicConfig),
    [`GET /api/managed-saas/instances/${SITE}/errors`]: answer,
    [`GET /api/managed-saas/instances/${SITE}/source-maps`]: () => ok({ sourceMaps: maps }),
    [`DELETE /api/managed-saas/instances/${SITE}/source-maps/${MAP.id}`]: () => {
      maps = [];
      return ok({ ok: true });
    },
  });
  renderApp(`/${SITE}/errors`);
  return api;
}

describe('the errors list (/{siteId}/errors)', () => {
  it('lists each group with where it was thrown, its count and a link to its stack trace', async () => {
    open(ok({ errors: [group], total: 1 }));
    const table = await screen.findByRole('table', { name: 'Errors' });
    const link = within(table).getByRole('link', { name: 'TypeError: a is undefined' });
    expect(link).toHaveAttribute('href', `/${SITE}/errors/${group.errorId}`);
    expect(within(table).getByText('p https://shop.example.com/app.min.js:1:42')).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: '5' })).toBeInTheDocument();
  });

  it('says when there are none', async () => {
    open(ok({ errors: [], total: 0 }));
    expect(await screen.findByText('No errors yet')).toBeInTheDocument();
  });

  it("lists the instance's source maps and removes one after a confirmation", async () => {
    const api = open(ok({ errors: [], total: 0 }));
    const table = await screen.findByRole('table', { name: 'Source maps' });
    expect(within(table).getByRole('cell', { name: '2.4.0' })).toBeInTheDocument();
    expect(within(table).getByText(MAP.fileUrl)).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: '2 kB' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(table).getByRole('button', { name: `Remove the source map of ${MAP.fileUrl} (2.4.0)` }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this source map?' });
    expect(api.callsTo(`DELETE /api/managed-saas/instances/${SITE}/source-maps/${MAP.id}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(JS_ERROR_MESSAGES.sourceMapRemoved)).toBeInTheDocument();
    expect(await screen.findByText("No source maps uploaded yet: upload one from an error's stack trace.")).toBeInTheDocument();
    expect(api.callsTo(`DELETE /api/managed-saas/instances/${SITE}/source-maps/${MAP.id}`)).toHaveLength(1);
  });

  it('shows the source maps without a way to remove them to a member who may not change the instance', async () => {
    open(ok({ errors: [], total: 0 }), ['VIEW_INSTANCES']);
    const table = await screen.findByRole('table', { name: 'Source maps' });
    expect(within(table).getByRole('cell', { name: '2.4.0' })).toBeInTheDocument();
    expect(within(table).queryByRole('button')).toBeNull();
  });

  it('shows why the list could not be read', async () => {
    open(fail(409, 'The instance is not running.'));
    expect(await screen.findByText(/Error fetching errors/)).toBeInTheDocument();
  });
});
