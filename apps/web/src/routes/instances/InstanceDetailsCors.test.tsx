import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { CORS_ANNOTATIONS, CORS_MESSAGES, type Instance, type InstanceConfig, type Permission } from '@replay/contracts';
import { fail, ok, type StubRequest, type StubResponse } from '../../test/fetch-stub';
import { DETAILS_API, noSso, openDetailsTab, someStatistics } from './details-stub';

const BASE = DETAILS_API;
type Handler = StubResponse | ((req: StubRequest) => StubResponse);

const annotations = (origin: string) => ({
  [CORS_ANNOTATIONS.enable]: 'true',
  [CORS_ANNOTATIONS.allowOrigin]: origin,
  [CORS_ANNOTATIONS.allowMethods]: 'POST',
  [CORS_ANNOTATIONS.allowHeaders]: 'Content-Type, Authorization, Content-Encoding',
  [CORS_ANNOTATIONS.exposeHeaders]: 'Content-Length',
});
const config = (origins: string[], pending = false): InstanceConfig => ({
  ingressAnnotations: annotations(origins.length ? origins.join(', ') : '*'),
  corsOrigins: origins,
  pending,
  updatedAt: origins.length ? Date.now() : null,
  disk: { days: 7, pending: false, updatedAt: null },
  sso: noSso,
  statistics: someStatistics(),
  currentVersion: { version: '1.21', commit: null },
});

function open(opts: { permissions?: Permission[]; handlers?: Record<string, Handler>; status?: Instance['status'] } = {}) {
  return openDetailsTab('cors', { ...opts, instance: opts.status ? { status: opts.status } : {}, handlers: { [`GET ${BASE}/config`]: ok(config(['https://app.example.com'])), ...opts.handlers } });
}

afterEach(() => notifications.clean());

describe('the CORS tab', () => {
  it('lists the allowed origins and the product’s fixed rules, kept in the address', async () => {
    open();
    expect(await screen.findByRole('tab', { name: 'CORS', selected: true })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Allowed origins' });
    expect(within(list).getByText('https://app.example.com')).toBeInTheDocument();
    expect(screen.getByText('Allowed method:')).toHaveTextContent('Allowed method: POST');
    expect(screen.getByText('Allowed request headers:')).toHaveTextContent('Content-Type, Authorization, Content-Encoding');
    expect(screen.getByText('Exposed response headers:')).toHaveTextContent('Content-Length');
  });

  it('adds and removes origins, refuses an empty, malformed or repeated one, and saves with the spec’s words', async () => {
    let saved: unknown;
    const { stub, user } = open({
      handlers: {
        [`POST ${BASE}/config`]: (req) => {
          saved = req.body;
          return ok(config(['https://app.example.com', 'https://shop.example.com'], true));
        },
      },
    });
    const save = await screen.findByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    const input = screen.getByRole('textbox', { name: 'Origin' });
    const add = screen.getByRole('button', { name: 'Add' });

    await user.click(add);
    expect(await screen.findByText(CORS_MESSAGES.emptyOrigin)).toBeInTheDocument();
    await user.type(input, 'shop.example.com');
    await user.click(add);
    expect(await screen.findByText(CORS_MESSAGES.notAnOrigin('shop.example.com'))).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, 'https://APP.example.com{Enter}');
    expect(await screen.findByText(CORS_MESSAGES.duplicateOrigin('https://app.example.com'))).toBeInTheDocument();
    expect(save).toBeDisabled();

    await user.clear(input);
    await user.type(input, 'https://Shop.example.com{Enter}');
    const list = screen.getByRole('list', { name: 'Allowed origins' });
    expect(within(list).getByText('https://shop.example.com')).toBeInTheDocument();
    expect(input).toHaveValue('');
    expect(save).toBeEnabled();

    await user.click(save);
    expect(await screen.findByText(CORS_MESSAGES.saved)).toBeInTheDocument();
    expect(saved).toEqual({ action: 'cors', ingressAnnotations: annotations('https://app.example.com, https://shop.example.com') });
    expect(stub.callsTo(`POST ${BASE}/config`)).toHaveLength(1);
    expect(screen.getByText(CORS_MESSAGES.pending)).toBeInTheDocument();
  });

  it('refuses the origins that once reached the ingress verbatim with the API’s own words, and adds an IPv6 literal with its port', async () => {
    const { user } = open();
    const input = await screen.findByRole('textbox', { name: 'Origin' });
    const add = screen.getByRole('button', { name: 'Add' });
    for (const [typed, message] of [
      ["https://a';{}$`b.example", CORS_MESSAGES.notAnOrigin("https://a';{}$`b.example")],
      ['https://a"b.example', CORS_MESSAGES.notAnOrigin('https://a"b.example')],
      ['https://*.example.com', CORS_MESSAGES.wildcard('https://*.example.com')],
    ]) {
      await user.clear(input);
      // Typed as is: user-event reads braces and brackets as key names otherwise.
      await user.click(input);
      await user.paste(typed!);
      await user.click(add);
      expect(await screen.findByText(message!)).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(input);
    await user.click(input);
    await user.paste('https://[2001:DB8::1]:8443');
    await user.click(add);
    expect(within(screen.getByRole('list', { name: 'Allowed origins' })).getByText('https://[2001:db8::1]:8443')).toBeInTheDocument();
  });

  it('names an origin saved before the rule, which a save needs gone', async () => {
    let saved: unknown;
    const { user } = open({
      handlers: {
        [`GET ${BASE}/config`]: ok(config(['https://app.example.com', 'https://*.example.com'])),
        [`POST ${BASE}/config`]: (req) => {
          saved = req.body;
          return ok(config(['https://app.example.com'], true));
        },
      },
    });
    expect(await screen.findByText(CORS_MESSAGES.wildcard('https://*.example.com'), { exact: false })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove https://*.example.com' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toEqual({ action: 'cors', ingressAnnotations: annotations('https://app.example.com') }));
    expect(screen.queryByText(CORS_MESSAGES.wildcard('https://*.example.com'), { exact: false })).toBeNull();
  });

  it('removing every origin allows any, and a refused save says why under the spec’s title', async () => {
    const { user } = open({ handlers: { [`POST ${BASE}/config`]: fail(409, 'This instance has been terminated.') } });
    await user.click(await screen.findByRole('button', { name: 'Remove https://app.example.com' }));
    expect(screen.getByText('Any origin')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(CORS_MESSAGES.saveFailed)).toBeInTheDocument();
    expect(screen.getByText('This instance has been terminated.')).toBeInTheDocument();
  });

  it('shows no editing to a member who may only read, who may still test an origin', async () => {
    const { user } = open({
      permissions: ['VIEW_INSTANCES'],
      handlers: {
        [`POST ${BASE}/cors-check`]: (req) =>
          ok({ origin: (req.body as { origin: string }).origin, allowed: false, status: 403, reason: 'Refused: https://evil.example is not among the allowed origins.' }),
      },
    });
    await screen.findByRole('list', { name: 'Allowed origins' });
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Site origin' }), 'https://evil.example');
    await user.click(screen.getByRole('button', { name: 'Test' }));
    expect(await screen.findByText('A tracker on https://evil.example is refused')).toBeInTheDocument();
    expect(screen.getByText('Refused: https://evil.example is not among the allowed origins.')).toBeInTheDocument();
  });

  it('tests only on a running instance', async () => {
    open({ status: 'stopped' });
    expect(await screen.findByText('The instance answers only while it runs.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Test' })).toBeDisabled());
  });
});
