import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notifications } from '@mantine/notifications';
import { JS_ERROR_MESSAGES, type JsErrorDetail } from '@replay/contracts';
import { ok, stubSignedIn } from '../../test/fetch-stub';
import { makeAccount, makeJwt, publicConfig } from '../../test/fixtures';
import { renderApp } from '../../test/render';

const SITE = '11111111-1111-4111-8111-111111111111';
const ERROR_ID = 'abcdef0123456789';
const FILE = 'https://shop.example.com/assets/app.min.js';

function detail(mapped: boolean): JsErrorDetail {
  return {
    error: {
      errorId: ERROR_ID,
      name: 'TypeError',
      message: 'Cart total too high: 200',
      topFrame: { file: FILE, function: 'Object.p', line: 1, column: 532 },
      count: 3,
      sessions: 2,
      firstSeen: 1,
      lastSeen: Date.UTC(2026, 0, 2),
    },
    sessionId: 's-1',
    url: 'https://shop.example.com/cart',
    release: '2.4.0',
    at: Date.UTC(2026, 0, 2),
    stack: 'TypeError: Cart total too high: 200\n    at Object.p (https://shop.example.com/assets/app.min.js:1:532)',
    frames: [
      {
        file: FILE,
        function: 'Object.p',
        line: 1,
        column: 532,
        original: mapped
          ? {
              source: 'src/cart.js',
              line: 7,
              column: 5,
              name: 'total',
              context: [
                { line: 6, text: '  if (sum > 100) {', current: false },
                { line: 7, text: '    throw new TypeError("Cart total too high: " + sum);', current: true },
                { line: 8, text: '  }', current: false },
              ],
            }
          : null,
      },
    ],
    sourceMapped: mapped,
  };
}

function open(mapped: boolean) {
  stubSignedIn(makeAccount(), makeJwt(), {
    'GET /api/public-config': ok(publicConfig),
    [`GET /api/managed-saas/instances/${SITE}/errors/${ERROR_ID}`]: ok(detail(mapped)),
  });
  renderApp(`/${SITE}/errors/${ERROR_ID}`);
}

afterEach(() => notifications.clean());

describe('the stack-trace view (/{siteId}/errors/{errorId})', () => {
  it("says 'Source maps must be uploaded…' without a map, listing the minified frame, and offers the upload", async () => {
    open(false);
    expect(await screen.findByRole('heading', { name: 'TypeError: Cart total too high: 200' })).toBeInTheDocument();
    expect(screen.getByText(JS_ERROR_MESSAGES.noSourceMaps)).toBeInTheDocument();
    const frames = screen.getByRole('list', { name: 'Stack frames' });
    expect(within(frames).getByText(`in ${FILE} at 1:532`, { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'File URL' })).toHaveValue(FILE);
    expect(screen.getByRole('textbox', { name: 'Release' })).toHaveValue('2.4.0');
  });

  it('shows the resolved frame (file, function, line:column, code context) in FULL, and the browser’s stack in RAW', async () => {
    open(true);
    const frames = await screen.findByRole('list', { name: 'Stack frames' });
    expect(screen.queryByText(JS_ERROR_MESSAGES.noSourceMaps)).not.toBeInTheDocument();
    expect(within(frames).getByText('total')).toBeInTheDocument();
    expect(within(frames).getByText('in src/cart.js at 7:5', { exact: false })).toBeInTheDocument();
    expect(within(frames).getByLabelText('Code at src/cart.js line 7').textContent).toContain('>    7 |     throw new TypeError("Cart total too high: " + sum);');

    await userEvent.setup().click(screen.getByText('RAW'));
    expect(screen.queryByRole('list', { name: 'Stack frames' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Raw stack trace').textContent).toContain('at Object.p (https://shop.example.com/assets/app.min.js:1:532)');
  });
});
