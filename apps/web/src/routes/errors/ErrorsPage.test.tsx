import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { JsErrorGroup } from '@replay/contracts';
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

function open(answer: ReturnType<typeof ok>) {
  stubSignedIn(makeAccount(), makeJwt(), { 'GET /api/public-config': ok(publicConfig), [`GET /api/managed-saas/instances/${SITE}/errors`]: answer });
  renderApp(`/${SITE}/errors`);
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

  it('shows why the list could not be read', async () => {
    open(fail(409, 'The instance is not running.'));
    expect(await screen.findByText(/Error fetching errors/)).toBeInTheDocument();
  });
});
