import { desc, eq } from 'drizzle-orm';
import { mailOutbox, roles } from '../../src/db/schema';
import type { TestApp } from '../support/app';
import { bearer, signup } from '../support/auth';

/** The account's starter roles by name (Viewer, Developer, Administrator). */
export async function rolesByName(t: TestApp, tenantId: string): Promise<Record<string, string>> {
  const rows = await t.runtime.ctx.db.select({ id: roles.id, name: roles.name }).from(roles).where(eq(roles.tenantId, tenantId));
  return Object.fromEntries(rows.map((r) => [r.name, r.id]));
}

/** The newest domain code mailed to an address. */
export async function domainCodeMailedTo(t: TestApp, email: string): Promise<string> {
  const [mail] = await t.runtime.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.createdAt)).limit(1);
  const code = mail?.text.match(/^(\d{8})$/m)?.[1];
  if (!code) throw new Error(`no domain code mailed to ${email}`);
  return code;
}

/** Claims the email's domain for the owner's account and verifies it with the mailed code; answers the domain's id. */
export async function claimAndVerify(t: TestApp, jwt: string, email: string): Promise<string> {
  const claim = await t.app.inject({ method: 'POST', url: '/api/client/sso/domains', headers: bearer(jwt), payload: { email } });
  if (claim.statusCode !== 201) throw new Error(`claim failed: ${claim.statusCode} ${claim.body}`);
  const id = claim.json().data.id as string;
  const code = await domainCodeMailedTo(t, email);
  const verify = await t.app.inject({ method: 'POST', url: `/api/client/sso/domains/${id}/verify`, headers: bearer(jwt), payload: { code } });
  if (verify.statusCode !== 200) throw new Error(`verify failed: ${verify.statusCode} ${verify.body}`);
  return id;
}

/**
 * An owner of a new account on `domain`, its SSO connection saved from `body` (given the
 * account's roles) and the domain claimed and verified: where each IdP's world starts.
 */
export async function ownerWithConnection(t: TestApp, domain: string, body: (roles: Record<string, string>) => Record<string, unknown>) {
  const owner = await signup(t, { email: `boss@${domain}` });
  const roles = await rolesByName(t, owner.user.tenantId);
  const saved = await t.app.inject({ method: 'PUT', url: '/api/client/sso', headers: bearer(owner.jwt), payload: body(roles) });
  if (saved.statusCode !== 200) throw new Error(`save failed: ${saved.statusCode} ${saved.body}`);
  await claimAndVerify(t, owner.jwt, `it@${domain}`);
  return { owner, roles };
}

/** The owner's audit trail entries of single logouts the IdP started (once every pending write has landed), newest first. */
export async function idpLogoutEntries(
  t: TestApp,
  jwt: string,
): Promise<{ username: string; userId: string | null; action: string; route: string; status: number; payload: Record<string, unknown> }[]> {
  await t.app.auditDrain();
  const res = await t.app.inject({ method: 'POST', url: '/api/trails', headers: bearer(jwt), payload: { query: 'Signed out by the identity provider', limit: 50 } });
  if (res.statusCode !== 200) throw new Error(`trails failed: ${res.statusCode} ${res.body}`);
  return res.json().data.sessions;
}
