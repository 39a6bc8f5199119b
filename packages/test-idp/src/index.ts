import { createServer, type Server } from 'node:https';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';
import { logoutResponseUrl, readLogoutRequest } from './logout.ts';
import { buildResponse, idpMetadata, readAuthnRequest, type Deviations, type SigningKey } from './saml.ts';

/**
 * A SAML 2.0 identity provider for tests (agent, console and browser): HTTPS on
 * 127.0.0.1 at a random port, its keys generated at start, users signed in by a
 * click. Never for production: anyone who reaches it may sign in as anyone listed.
 */
export interface TestIdp {
  entityId: string;
  /** https://127.0.0.1:PORT/sso: takes AuthnRequests by the HTTP-Redirect binding. */
  ssoUrl: string;
  /**
   * https://127.0.0.1:PORT/slo: takes LogoutRequests by the HTTP-Redirect binding and redirects
   * back to `{origin of the request's Issuer}/sso/slo` with a signed LogoutResponse (logout.ts).
   */
  sloUrl: string;
  /**
   * The certificate responses are signed with (self-signed, PEM). It is also the
   * IdP's TLS certificate, so a node client trusts the IdP with `ca: certPem`.
   */
  certPem: string;
  close(): Promise<void>;
  /** For node tests: answers the AuthnRequest in `redirectUrl` (the Location the agent sent) as the IdP would after `email` signed in. */
  respond(redirectUrl: string, email: string, opts?: { name?: string; signWith?: 'idp' | 'stranger' } & Deviations): Promise<{ acsUrl: string; SAMLResponse: string; RelayState: string | null }>;
  /** For node tests: answers the LogoutRequest in `redirectUrl` as GET /slo would; the URL the browser is sent back to. */
  respondLogout(redirectUrl: string, opts?: { signWith?: 'idp' | 'stranger'; doctype?: string }): Promise<string>;
}

export interface TestIdpUser {
  email: string;
  name: string;
}

const DEFAULT_USERS: TestIdpUser[] = [{ email: 'ada@example.com', name: 'Ada Lovelace' }];

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const hidden = (name: string, value: string | null) => (value === null ? '' : `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body>${body}</body></html>`;
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'Content-Type': `${type}; charset=utf-8`, 'Content-Length': Buffer.byteLength(body), 'Cache-Control': 'no-store' });
  res.end(body);
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let text = '';
  for await (const chunk of req) {
    text += (chunk as Buffer).toString('utf8');
    if (text.length > 256 * 1024) throw new Error('Form too large');
  }
  return new URLSearchParams(text);
}

/** One key and its self-signed certificate, valid for 127.0.0.1 (TLS) and for signing. */
async function newKey(commonName: string): Promise<SigningKey> {
  const pems = await generate([{ name: 'commonName', value: commonName }], {
    keySize: 2048,
    algorithm: 'sha256',
    notBeforeDate: new Date(Date.now() - 60 * 60 * 1000),
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'keyUsage', digitalSignature: true, keyEncipherment: true },
      { name: 'extKeyUsage', serverAuth: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 7, ip: '127.0.0.1' },
          { type: 2, value: 'localhost' },
        ],
      },
    ],
  });
  return { privateKey: pems.private, certPem: pems.cert };
}

export async function startTestIdp(opts: { users?: TestIdpUser[] } = {}): Promise<TestIdp> {
  const users = opts.users ?? DEFAULT_USERS;
  // The stranger's key is made with the IdP's, so respond() never waits on key generation.
  const [key, stranger] = await Promise.all([newKey('Replay test IdP'), newKey('Someone else')]);
  let base = '';
  const entityId = () => `${base}/metadata`;

  /** The request in `params`, answered for `email` (with `name`), signed with `signingKey`. */
  const answer = (params: URLSearchParams, email: string, name: string, signingKey: SigningKey, deviations?: Deviations) => {
    const request = readAuthnRequest(params.get('SAMLRequest') ?? '');
    const SAMLResponse = buildResponse(request, { idpEntityId: entityId(), email, name, nowMs: Date.now() }, signingKey, deviations);
    return { acsUrl: request.acsUrl, SAMLResponse, RelayState: params.get('RelayState') };
  };

  /** The LogoutRequest in `params`, answered: the URL back to the SP. */
  const answerLogout = (params: URLSearchParams, signingKey: SigningKey, doctype?: string) =>
    logoutResponseUrl(readLogoutRequest(params.get('SAMLRequest') ?? ''), params.get('RelayState'), entityId(), signingKey, doctype);

  /** Only URLs to this IdP's `path` are answered: a test that sends one elsewhere learns so. */
  const ownUrl = (redirectUrl: string, path: string): URL => {
    const url = new URL(redirectUrl);
    if (`${url.origin}${url.pathname}` !== `${base}${path}`) throw new Error(`Not a request to this IdP: ${url.origin}${url.pathname}`);
    return url;
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', base);
    if (req.method === 'GET' && url.pathname === '/metadata') {
      return send(res, 200, 'application/samlmetadata+xml', idpMetadata(entityId(), `${base}/sso`, `${base}/slo`, key.certPem));
    }
    if (req.method === 'GET' && url.pathname === '/sso') {
      const samlRequest = url.searchParams.get('SAMLRequest') ?? '';
      readAuthnRequest(samlRequest);
      const buttons = users
        .map(
          (user) =>
            `<form method="post" action="/sso">${hidden('SAMLRequest', samlRequest)}${hidden('RelayState', url.searchParams.get('RelayState'))}${hidden('email', user.email)}<button type="submit">Sign in as ${escapeHtml(user.email)}</button></form>`,
        )
        .join('\n');
      return send(res, 200, 'text/html', page('Test identity provider', `<h1>Test identity provider</h1>\n${buttons}`));
    }
    if (req.method === 'POST' && url.pathname === '/sso') {
      const form = await readForm(req);
      const user = users.find((u) => u.email === form.get('email'));
      if (!user) return send(res, 400, 'text/plain', 'Unknown user');
      const result = answer(form, user.email, user.name, key);
      // The HTTP-POST binding: the browser carries the response to the SP; <noscript> for a browser without scripts.
      const body = `<form method="post" action="${escapeHtml(result.acsUrl)}">${hidden('SAMLResponse', result.SAMLResponse)}${hidden('RelayState', result.RelayState)}<noscript><button type="submit">Continue</button></noscript></form><script>document.forms[0].submit()</script>`;
      return send(res, 200, 'text/html', page('Signing in…', body));
    }
    if (req.method === 'GET' && url.pathname === '/slo') {
      // The person's session at this IdP is its click: there is none to end, so every request succeeds.
      res.writeHead(302, { Location: answerLogout(url.searchParams, key), 'Cache-Control': 'no-store' });
      return void res.end();
    }
    send(res, 404, 'text/plain', 'Not found');
  };

  const server: Server = createServer({ key: key.privateKey, cert: key.certPem }, (req, res) => {
    handle(req, res).catch((e: unknown) => {
      if (!res.headersSent) send(res, 400, 'text/plain', `Bad request: ${(e as Error).message}`);
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    entityId: entityId(),
    ssoUrl: `${base}/sso`,
    sloUrl: `${base}/slo`,
    certPem: key.certPem,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
    async respond(redirectUrl, email, options = {}) {
      const url = ownUrl(redirectUrl, '/sso');
      const name = options.name ?? users.find((u) => u.email === email)?.name ?? email;
      const { recipient, destination, sha1, doctype, unsolicited } = options;
      return answer(url.searchParams, email, name, options.signWith === 'stranger' ? stranger : key, { recipient, destination, sha1, doctype, unsolicited });
    },
    async respondLogout(redirectUrl, options = {}) {
      return answerLogout(ownUrl(redirectUrl, '/slo').searchParams, options.signWith === 'stranger' ? stranger : key, options.doctype);
    },
  };
}

/** A self-signed certificate valid only from `notBefore` to `notAfter` (PEM), for tests of what a console accepts. */
export async function certificateValid(notBefore: Date, notAfter: Date, commonName = 'Test certificate'): Promise<string> {
  const pems = await generate([{ name: 'commonName', value: commonName }], { keySize: 2048, algorithm: 'sha256', notBeforeDate: notBefore, notAfterDate: notAfter });
  return pems.cert;
}
