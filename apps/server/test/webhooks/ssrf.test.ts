import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WEBHOOK_MESSAGES } from '@replay/contracts';
import { isInternalAddress, type ResolvedAddress } from '../../src/lib/ssrf-guard';
import { createTestApp, type TestApp } from '../support/app';
import { bearer, signup, type SignedIn } from '../support/auth';
import { deliveriesOf, saveWebhook, startReceiver } from './support';

describe('internal addresses', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '169.254.0.1',
    '100.64.0.1',
    '100.127.255.255',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fe80::1',
    'fc00::1',
    'fd00:ec2::254',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::10.0.0.1',
    '[::1]',
    'not-an-ip',
  ])('%s is internal', (address) => expect(isInternalAddress(address)).toBe(true));

  // Issue 42: IPv6 transition and special-purpose prefixes are refused whatever address they carry (a
  // gateway turns them into IPv4 packets, possibly to a private network), as is any space ipaddr.js does not call public unicast.
  it.each([
    ['NAT64 well-known 64:ff9b::/96', '64:ff9b::8.8.8.8'],
    ['NAT64 local-use 64:ff9b:1::/48', '64:ff9b:1::a00:1'],
    ['NAT64 local-use 64:ff9b:1::/48, public inside', '64:ff9b:1:0:0:0:808:808'],
    ['6to4 2002::/16, private inside', '2002:a00:1::1'],
    ['6to4 2002::/16, public inside', '2002:808:808::1'],
    ['Teredo 2001::/32', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
    ['IPv4-translated ::ffff:0:0:0/96', '::ffff:0:a00:1'],
    ['IPv4-compatible ::/96', '::8.8.8.8'],
    ['benchmarking 2001:2::/48', '2001:2::1'],
    ['ORCHIDv2 2001:20::/28', '2001:20::1'],
    ['documentation 3fff::/20', '3fff::1'],
    ['segment routing 5f00::/16', '5f00::1'],
    ['unassigned, outside 2000::/3', '4000::1'],
    ['AS112 192.175.48.0/24', '192.175.48.1'],
    ['AMT 192.52.193.0/24', '192.52.193.1'],
  ])('%s (%s) is internal', (_range, address) => expect(isInternalAddress(address)).toBe(true));

  it.each(['93.184.215.14', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e', '::ffff:8.8.8.8'])('%s is public', (address) =>
    expect(isInternalAddress(address)).toBe(false),
  );
});

/** With WEBHOOKS_ALLOW_PRIVATE_TARGETS off (the default). */
describe('without private targets allowed', () => {
  let t: TestApp;
  let owner: SignedIn;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  /** What the resolver answers for each host now; a test changes it between save and delivery (rebinding). */
  let dns: Record<string, ResolvedAddress[]>;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signup(t);
    receiver = await startReceiver();
    t.runtime.ctx.resolveHost = async (host) => {
      const answer = dns[host];
      if (!answer) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
      return answer;
    };
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });
  beforeEach(() => {
    dns = { 'hooks.example.com': [{ address: '93.184.215.14', family: 4 }] };
    receiver.received.length = 0;
  });

  const save = (endpoint: string) => saveWebhook(t, owner, { name: 'SSRF', endpoint, eventTypes: ['role.created'] });

  it.each([
    'http://127.0.0.1:9/hook',
    'http://localhost:9/hook',
    'http://10.0.0.5/hook',
    'http://169.254.169.254/latest/meta-data',
    'http://[::1]:9/',
    'http://[::ffff:127.0.0.1]/',
    'http://[fd00:ec2::254]/',
    'http://100.64.1.1/',
    'http://[64:ff9b::8.8.8.8]/',
    'http://[64:ff9b:1::a00:1]/',
    'http://[2002:a00:1::1]/',
    'http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/',
  ])('refuses %s when saved (400, clear message)', async (endpoint) => {
    dns.localhost = [{ address: '127.0.0.1', family: 4 }];
    const res = await save(endpoint);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([WEBHOOK_MESSAGES.privateTarget]);
  });

  it.each([
    ['slack', { endpoint: 'http://10.0.0.5/services/T/B/x' }],
    ['msteams', { endpoint: 'http://169.254.169.254/workflows/x' }],
    ['pagerduty', { endpoint: 'http://127.0.0.1:9/v2/enqueue', routingKey: 'R0123456789abcdef0123456789ABCDE' }],
  ])('refuses a %s webhook aimed inside when saved, as any other (issue 45)', async (type, fields) => {
    const eventTypes = type === 'pagerduty' ? ['alert.fired'] : ['role.created'];
    const res = await saveWebhook(t, owner, { type, name: 'SSRF', eventTypes, ...fields });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([WEBHOOK_MESSAGES.privateTarget]);
  });

  it('refuses a name that resolves to an internal address among public ones, or to nothing', async () => {
    dns['mixed.example.com'] = [
      { address: '93.184.215.14', family: 4 },
      { address: '10.0.0.1', family: 4 },
    ];
    expect((await save('https://mixed.example.com/x')).json().errors).toEqual([WEBHOOK_MESSAGES.privateTarget]);
    const nowhere = await save('https://nowhere.example.com/x');
    expect(nowhere.statusCode).toBe(400);
    expect(nowhere.json().errors).toEqual([WEBHOOK_MESSAGES.unresolvable]);
  });

  it.each([
    ['loopback', '127.0.0.1'],
    ['10.x', '10.0.0.7'],
    ['metadata', '169.254.169.254'],
    ['IPv4-mapped loopback', '::ffff:127.0.0.1'],
    ['NAT64 64:ff9b::/96', '64:ff9b::a00:7'],
    ['NAT64 local-use 64:ff9b:1::/48', '64:ff9b:1::a00:7'],
    ['6to4 2002::/16', '2002:a00:7::1'],
    ['Teredo 2001::/32', '2001:0:4136:e378:8000:63bf:3fff:fdd2'],
  ])('re-resolves at delivery: a name rebound to %s after saving is refused, and nothing is sent', async (_label, address) => {
    const saved = await save(`http://hooks.example.com:${receiver.port}/hooks`);
    expect(saved.statusCode).toBe(200);
    const id = saved.json().data.webhook.webhookId;
    dns['hooks.example.com'] = [{ address, family: address.includes(':') ? 6 : 4 }];
    await t.app.inject({ method: 'POST', url: `/api/webhooks/${id}/test`, headers: bearer(owner.jwt) });
    await t.runtime.drain();
    expect(receiver.received).toEqual([]);
    const [d] = (await deliveriesOf(t, owner, id)).deliveries;
    expect(d!.status).toBe('pending');
    expect(d!.attempts).toHaveLength(1);
    expect(d!.attempts[0]!.responseStatus).toBeNull();
    expect(d!.attempts[0]!.error).toMatch(/^Refused: hooks\.example\.com resolves to an internal address/);
    await t.app.inject({ method: 'DELETE', url: `/api/webhooks/${id}`, headers: bearer(owner.jwt) });
  });
});

describe('with private targets allowed', () => {
  it('connects to the address it checked, not to what DNS says at connect time', async () => {
    const t = await createTestApp({ WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' });
    const receiver = await startReceiver();
    try {
      const owner = await signup(t);
      // The system resolver does not know this name: only the checked (injected) address can be reached.
      t.runtime.ctx.resolveHost = async () => [{ address: '127.0.0.1', family: 4 }];
      const saved = await saveWebhook(t, owner, { name: 'Pinned', endpoint: `http://receiver.webhooks.test:${receiver.port}/hooks`, eventTypes: ['role.created'] });
      expect(saved.statusCode).toBe(200);
      receiver.secret = saved.json().data.secret;
      await t.app.inject({ method: 'POST', url: `/api/webhooks/${saved.json().data.webhook.webhookId}/test`, headers: bearer(owner.jwt) });
      await t.runtime.drain();
      expect(receiver.received).toHaveLength(1);
      expect(receiver.received[0]!.headers.host).toBe(`receiver.webhooks.test:${receiver.port}`);
      expect(receiver.received[0]!.verifyError).toBeNull();
    } finally {
      await t.close();
      await receiver.close();
    }
  });
});
