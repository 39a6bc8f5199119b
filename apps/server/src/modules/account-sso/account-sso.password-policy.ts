import { ACCOUNT_SSO_MESSAGES } from '@replay/contracts';
import type { AppContext } from '../../platform/context';
import { forbidden } from '../../lib/errors';
import type { Principal } from '../../lib/principal';
import { breakGlassWitnesses, ssoEnforcedFor } from './account-sso.facts';
import { breakGlassMail } from './account-sso.mail';

type PolicyContext = Pick<AppContext, 'db' | 'clock' | 'mailer' | 'env'>;

/** Telling the account's other owners and admins of a break-glass sign-in, by mail. */
async function tellBreakGlass(ctx: PolicyContext, principal: Principal): Promise<void> {
  const at = ctx.clock.now();
  for (const to of await breakGlassWitnesses(ctx.db, principal.tenantId, principal.userId)) {
    await ctx.mailer.queue(ctx.db, breakGlassMail({ to, who: principal.name, email: principal.email, productName: ctx.env.PRODUCT_NAME, at }));
  }
}

/**
 * Password sign-in while the account enforces single sign-on for the member's domain: refused
 * (403), except for the account's owner, who keeps it as the break-glass way in (the IdP may
 * be down, or misconfigured): allowed, and told to every other owner and admin by mail. A
 * service (app.services.passwordSignInPolicy), so that auth's sign-in door asks it without
 * importing this module: the sign-in comes first, single sign-on builds on it.
 */
export function createPasswordSignInPolicy(ctx: PolicyContext) {
  return {
    async check(principal: Principal): Promise<void> {
      if (!(await ssoEnforcedFor(ctx.db, principal))) return;
      if (!(principal.superAdmin || principal.role?.protected === true)) throw forbidden(ACCOUNT_SSO_MESSAGES.ssoRequired);
      await tellBreakGlass(ctx, principal);
    },
  };
}
