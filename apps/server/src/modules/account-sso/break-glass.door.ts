import type { AppContext } from '../../lib/context';
import type { Principal } from '../../lib/principal';
import { breakGlassWitnesses } from './account-sso.facts';
import { breakGlassMail } from './account-sso.mail';

/** What this module offers the sign-in door: telling the account's other owners and admins of a break-glass sign-in. */
export async function tellBreakGlass(ctx: Pick<AppContext, 'db' | 'clock' | 'mailer' | 'env'>, principal: Principal): Promise<void> {
  const at = ctx.clock.now();
  for (const to of await breakGlassWitnesses(ctx.db, principal.tenantId, principal.userId)) {
    await ctx.mailer.queue(ctx.db, breakGlassMail({ to, who: principal.name, email: principal.email, productName: ctx.env.PRODUCT_NAME, at }));
  }
}
