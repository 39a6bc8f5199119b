import type { Server } from 'node:http';
import Provider from 'oidc-provider';

/**
 * An OpenID provider for tests: `oidc-provider` (a certified OpenID Connect implementation) on
 * http://127.0.0.1:PORT, with one confidential client, PKCE required, RP-initiated and
 * back-channel logout on, and people who sign in by typing their email (no password). Never
 * for production. `browser()` plays a browser through its login and logout pages.
 */
export interface TestOidcPerson {
  email: string;
  name?: string;
  groups?: string[];
}

export interface TestOidcIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Adds or changes a person who may sign in. */
  person(p: TestOidcPerson): void;
  close(): Promise<void>;
}

export interface TestOidcOptions {
  port: number;
  redirectUri: string;
  postLogoutRedirectUri: string;
  backchannelLogoutUri?: string;
  clientSecret?: string;
}

export async function startOidcIdp(opts: TestOidcOptions): Promise<TestOidcIdp> {
  const people = new Map<string, TestOidcPerson>();
  const issuer = `http://127.0.0.1:${opts.port}`;
  const clientId = 'replay-console';
  const clientSecret = opts.clientSecret ?? 'test-client-secret-0123456789';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [opts.redirectUri],
        post_logout_redirect_uris: [opts.postLogoutRedirectUri],
        ...(opts.backchannelLogoutUri && { backchannel_logout_uri: opts.backchannelLogoutUri, backchannel_logout_session_required: true }),
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    pkce: { required: () => true },
    // Its calls to the relying party (back-channel logout) go to loopback here: oidc-provider's guard against special-use addresses is left out, for this test IdP only.
    fetch: (url: string | URL, options: RequestInit & { dispatcher?: unknown }) => {
      delete options.dispatcher;
      return fetch(url, options);
    },
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true }, backchannelLogout: { enabled: true } },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], groups: ['groups'] },
    scopes: ['openid', 'email', 'profile', 'groups'],
    // The claims go in the id_token itself (what the console reads), not only in userinfo.
    conformIdTokenClaims: false,
    cookies: { keys: ['test-idp-cookie-key-0123456789'] },
    findAccount: async (_ctx: unknown, id: string) => {
      const p = people.get(id.toLowerCase());
      if (!p) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, email: p.email, email_verified: true, name: p.name ?? p.email, groups: p.groups ?? [] }) };
    },
    // Consent is given for the tests' one client: the console asks for nothing a person must weigh.
    loadExistingGrant: async (ctx: GrantContext) => {
      const grantId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
      grant.addOIDCScope('openid email profile groups');
      grant.addOIDCClaims(['email', 'email_verified', 'name', 'groups']);
      await grant.save();
      return grant;
    },
  });
  const server: Server = await new Promise((resolve) => {
    const s = provider.listen(opts.port, '127.0.0.1', () => resolve(s));
  });
  return {
    issuer,
    clientId,
    clientSecret,
    person: (p) => people.set(p.email.toLowerCase(), p),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

interface GrantLike {
  addOIDCScope(scope: string): void;
  addOIDCClaims(claims: string[]): void;
  save(): Promise<string>;
}
interface GrantContext {
  oidc: {
    result?: { consent?: { grantId?: string } };
    session: { accountId: string; grantIdFor(clientId: string): string | undefined };
    client: { clientId: string };
    provider: { Grant: { new (init: { clientId: string; accountId: string }): GrantLike; find(id: string): Promise<GrantLike> } };
  };
}
