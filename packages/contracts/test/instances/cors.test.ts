import { describe, expect, it } from 'vitest';
import { CORS_ANNOTATIONS, CORS_MESSAGES, corsCheckBodySchema, corsConfigBodySchema, corsOriginsProblem, originOf } from '../../src/index';

/**
 * The one rule for a CORS origin (issue 42, point 7): `scheme://host[:port]` and nothing else,
 * which the form, the API and the Kubernetes driver all apply. The issue's hostile inputs
 * were accepted and reached ingress-nginx's annotation verbatim.
 */
const HOSTILE = [
  "https://a';{}$`b.example",
  'https://a"b.example',
  'https://*.example.com',
  'https://a b.example',
  'https://a\tb.example',
  'https://a!b.example',
  'https://a,b.example',
  'https://a%22b.example',
  'https://a_b.example',
  'https://-a.example',
  'https://a..b.example',
  'https://example.com.',
  'https://user@a.example',
  'https://user:pw@a.example',
  'https://a.example/',
  'https://a.example/path',
  'https://a.example?q=1',
  'https://a.example#top',
  'https://a.example\\evil',
  'https://a.example:0',
  'https://a.example:65536',
  'https://[::1',
  'https://[fe80::1%25eth0]',
  'ftp://a.example',
  'javascript:alert(1)',
  'a.example',
  '*',
  'null',
  `https://${'a'.repeat(64)}.example`,
  `https://${'a.'.repeat(130)}example`,
];

describe('originOf', () => {
  it.each(HOSTILE)('refuses %j', (text) => {
    expect(originOf(text)).toBeNull();
  });

  it.each([
    ['https://app.example.com', 'https://app.example.com'],
    ['http://localhost:3000', 'http://localhost:3000'],
    ['HTTPS://App.Example.COM', 'https://app.example.com'],
    ['https://shop.example.com:443', 'https://shop.example.com'],
    ['http://shop.example.com:80', 'http://shop.example.com'],
    ['https://shop.example.com:8443', 'https://shop.example.com:8443'],
    ['https://a-b.example', 'https://a-b.example'],
    ['https://192.0.2.10:8080', 'https://192.0.2.10:8080'],
    ['https://[2001:db8::1]', 'https://[2001:db8::1]'],
    ['https://[2001:DB8:0:0::1]:8443', 'https://[2001:db8::1]:8443'],
    ['https://[::ffff:192.0.2.1]', 'https://[::ffff:c000:201]'],
    ['https://bücher.example', 'https://xn--bcher-kva.example'],
    [`https://${'a'.repeat(63)}.example`, `https://${'a'.repeat(63)}.example`],
  ])('takes %s as %s, as browsers send it', (text, origin) => {
    expect(originOf(text)).toBe(origin);
  });

  it('answers only characters that need no quoting anywhere it is written', () => {
    for (const text of ['https://app.example.com:8443', 'https://[2001:db8::1]', 'https://bücher.example']) expect(originOf(text)).toMatch(/^[a-z0-9.:[\]/-]+$/);
  });
});

describe('corsOriginsProblem', () => {
  it('names a wildcard for what it is, and any other bad origin as not an origin', () => {
    expect(corsOriginsProblem(['https://app.example.com', 'https://*.example.com'])).toBe(CORS_MESSAGES.wildcard('https://*.example.com'));
    expect(corsOriginsProblem(['https://app.example.com', '*'])).toBe(CORS_MESSAGES.wildcard('*'));
    expect(corsOriginsProblem(["https://a';{}$`b.example"])).toBe(CORS_MESSAGES.notAnOrigin("https://a';{}$`b.example"));
    expect(corsOriginsProblem(['https://a"b.example'])).toBe(CORS_MESSAGES.notAnOrigin('https://a"b.example'));
  });

  it('passes a good list, an IPv6 literal and ports included, and counts a default port as the same origin', () => {
    expect(corsOriginsProblem(['https://app.example.com', 'https://[2001:db8::1]:8443', 'http://localhost:3000'])).toBeNull();
    expect(corsOriginsProblem(['https://app.example.com', 'https://APP.example.com:443'])).toBe(CORS_MESSAGES.duplicateOrigin('https://app.example.com'));
  });
});

describe('the save and the check bodies', () => {
  const body = (origins: string) => ({
    action: 'cors',
    ingressAnnotations: {
      [CORS_ANNOTATIONS.enable]: 'true',
      [CORS_ANNOTATIONS.allowOrigin]: origins,
      [CORS_ANNOTATIONS.allowMethods]: 'POST',
      [CORS_ANNOTATIONS.allowHeaders]: 'Content-Type, Authorization, Content-Encoding',
      [CORS_ANNOTATIONS.exposeHeaders]: 'Content-Length',
    },
  });
  const messages = (result: { error?: { issues: { message: string }[] } }) => result.error?.issues.map((i) => i.message) ?? [];

  it.each(["https://a';{}$`b.example", 'https://a"b.example', 'https://*.example.com'])('refuses the issue’s %j in a save and in a check', (origin) => {
    const saved = corsConfigBodySchema.safeParse(body(`https://app.example.com, ${origin}`));
    expect(saved.success).toBe(false);
    expect(messages(saved)).toEqual([origin.includes('*') ? CORS_MESSAGES.wildcard(origin) : CORS_MESSAGES.notAnOrigin(origin)]);
    expect(corsCheckBodySchema.safeParse({ origin }).success).toBe(false);
  });

  it('takes the spec’s example and the whole-list * (any origin)', () => {
    expect(corsConfigBodySchema.safeParse(body('https://app.example.com, https://[2001:db8::1]:8443')).success).toBe(true);
    expect(corsConfigBodySchema.safeParse(body('*')).success).toBe(true);
  });
});
