import { mailLinksOf, serverModule } from '../../lib/server-module';
import { createAccountSsoService, ssoSealKey } from './account-sso.service';
import { createSsoDomainService } from './account-sso.domains';
import { accountSsoRoutes } from './account-sso.routes';
import { systemResolver } from '../../lib/ssrf-guard';
import { oidcClient } from './account-sso.oidc';
import { createSsoSignInService } from './account-sso.sign-in';
import { ssoCallbackPages, ssoSignInRoutes } from './account-sso.sign-in.routes';
import { serviceProviderOf } from './account-sso.view';

/** Console sign-in through the account's identity provider (issue 45): connection, domains, sign-in, logout. */
export const accountSsoModule = serverModule({
  name: 'account-sso',
  services: (ctx) => {
    const sealKey = ssoSealKey(ctx.secrets.jwtSecret);
    // Read at each call: tests set ctx.resolveHost after the services are built.
    const fetchOpts = { allowPrivate: ctx.env.SSO_ALLOW_PRIVATE_IDPS, resolve: (host: string) => (ctx.resolveHost ?? systemResolver)(host) };
    const oidc = oidcClient(fetchOpts, serviceProviderOf(ctx.env.publicUrl).oidcRedirectUri);
    return {
      accountSso: createAccountSsoService({ db: ctx.db, clock: ctx.clock, sealKey, publicUrl: ctx.env.publicUrl }),
      ssoDomains: createSsoDomainService({ db: ctx.db, clock: ctx.clock, ...mailLinksOf(ctx) }),
      ssoSignIn: createSsoSignInService({ db: ctx.db, clock: ctx.clock, sealKey, publicUrl: ctx.env.publicUrl, oidc }),
    };
  },
  api: [accountSsoRoutes, ssoSignInRoutes],
  pages: [ssoCallbackPages],
});
