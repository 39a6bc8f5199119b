import { mailLinksOf, serverModule, type DepsOf } from '../../platform/server-module';
import { createSsoLogoutService } from './account-sso.logout';
import { createAccountSsoService, ssoSealKey } from './account-sso.service';
import { createSsoDomainService } from './account-sso.domains';
import { accountSsoRoutes } from './account-sso.routes';
import { systemResolver } from '../../lib/ssrf-guard';
import { oidcClient } from './account-sso.oidc';
import { samlClient } from './account-sso.saml';
import { createSsoSignInService } from './account-sso.sign-in';
import { ssoCallbackPages, ssoSignInRoutes } from './account-sso.sign-in.routes';
import { serviceProviderOf } from './account-sso.view';
import { samlPages } from './account-sso.saml.routes';
import { createPasswordSignInPolicy } from './account-sso.password-policy';

/** Console sign-in through the account's identity provider (issue 45): connection, domains, sign-in, logout. */
export const accountSsoModule = serverModule({
  name: 'account-sso',
  services: (ctx, uses: Pick<DepsOf<typeof createSsoLogoutService>, 'sessions'>) => {
    const sealKey = ssoSealKey(ctx.secrets.jwtSecret);
    // Read at each call: tests set ctx.resolveHost after the services are built.
    const fetchOpts = { allowPrivate: ctx.env.SSO_ALLOW_PRIVATE_IDPS, resolve: (host: string) => (ctx.resolveHost ?? systemResolver)(host) };
    const sp = serviceProviderOf(ctx.env.publicUrl);
    const oidc = oidcClient(fetchOpts, sp.oidcRedirectUri);
    const saml = samlClient({ entityId: sp.samlEntityId, acsUrl: sp.samlAcsUrl, sloUrl: sp.samlSloUrl });
    return {
      accountSso: createAccountSsoService({ db: ctx.db, clock: ctx.clock, sealKey, publicUrl: ctx.env.publicUrl }),
      ssoDomains: createSsoDomainService({ db: ctx.db, clock: ctx.clock, ...mailLinksOf(ctx) }),
      ssoLogout: createSsoLogoutService({ db: ctx.db, clock: ctx.clock, sealKey, publicUrl: ctx.env.publicUrl, oidc, saml, sessions: uses.sessions }),
      passwordSignInPolicy: createPasswordSignInPolicy(ctx),
      ssoSignIn: createSsoSignInService({ db: ctx.db, clock: ctx.clock, sealKey, publicUrl: ctx.env.publicUrl, oidc, saml, allowPrivate: ctx.env.SSO_ALLOW_PRIVATE_IDPS }),
    };
  },
  api: [accountSsoRoutes, ssoSignInRoutes],
  pages: [ssoCallbackPages, samlPages],
});
