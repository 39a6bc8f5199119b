import { desc, eq } from 'drizzle-orm';
import type { Permission } from '@replay/contracts';
import { auditTrail, instances, mailOutbox, roles, sessions, users } from '../../src/db/schema';
import { signAccessToken } from '../../src/lib/access-token';
import { newId } from '../../src/lib/ids';
import { addDefaultProject } from '../../src/modules/projects/projects.facts';
import type { TestApp } from './app';
import { bearer } from './auth';

/** A fresh session and its access token for a user, signed like the server signs them (no password, no hashing). */
export async function tokenFor(t: TestApp, user: { userId: string; tenantId: string }): Promise<string> {
  const sessionId = newId();
  await t.runtime.ctx.db.insert(sessions).values({ id: sessionId, userId: user.userId, createdAt: t.clock.now(), provenAt: t.clock.now() });
  return signAccessToken({ ...user, sessionId }, t.runtime.ctx.secrets.jwtSecret, 900, t.clock.now());
}

/** A user's sessions (one per sign-in), oldest first. */
export function sessionsOf(t: TestApp, userId: string) {
  return t.runtime.ctx.db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(sessions.createdAt);
}

export interface Member {
  userId: string;
  tenantId: string;
  roleId: string;
  email: string;
  name: string;
  jwt: string;
  headers: { authorization: string };
}

let seq = 0;

/**
 * A joined member of the tenant with a role of their own, written straight to
 * the database: many tests need many members, and none of them needs a
 * password (their token is signed directly).
 */
export async function addMember(
  t: TestApp,
  tenantId: string,
  opts: {
    permissions?: readonly Permission[];
    allInstances?: boolean;
    instances?: string[];
    admin?: boolean;
    superAdmin?: boolean;
    name?: string;
    roleId?: string;
  } = {},
): Promise<Member> {
  seq += 1;
  const db = t.runtime.ctx.db;
  let roleId = opts.roleId;
  if (!roleId) {
    roleId = newId();
    await db.insert(roles).values({
      id: roleId,
      tenantId,
      name: `Role ${seq} ${roleId.slice(0, 8)}`,
      permissions: [...(opts.permissions ?? [])],
      allInstances: opts.allInstances ?? true,
      instances: opts.instances ?? [],
      createdAt: t.clock.now(),
    });
  }
  const userId = newId();
  const email = `member.${seq}.${userId.slice(0, 8)}@example.com`;
  const name = opts.name ?? `Member ${seq}`;
  await db.insert(users).values({
    id: userId,
    tenantId,
    email,
    name,
    admin: opts.admin ?? false,
    superAdmin: opts.superAdmin ?? false,
    roleId,
    joinedAt: t.clock.now(),
    createdAt: t.clock.now(),
  });
  const jwt = await tokenFor(t, { userId, tenantId });
  return { userId, tenantId, roleId, email, name, jwt, headers: bearer(jwt) };
}

/** The joining links mailed to an address, newest first. */
export async function invitationLinksTo(t: TestApp, email: string): Promise<string[]> {
  const mails = await t.runtime.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.createdAt));
  return mails.flatMap((m) => m.text.match(/https?:\/\/\S+\/invitation\?token=[\w-]+/g) ?? []);
}

export const tokenOfLink = (link: string): string => new URL(link).searchParams.get('token')!;

/** Audit rows of a tenant, newest first, once every pending write has landed. */
export async function auditRowsOf(t: TestApp, tenantId: string) {
  await t.app.auditDrain();
  return t.runtime.ctx.db.select().from(auditTrail).where(eq(auditTrail.tenantId, tenantId)).orderBy(desc(auditTrail.createdAt));
}

let instanceSeq = 0;
/** An instance row of the tenant, written straight to the database (no agent process behind it). */
export async function addInstance(t: TestApp, tenantId: string, name = 'Instance'): Promise<string> {
  instanceSeq += 1;
  const instanceId = newId();
  await t.runtime.ctx.db.insert(instances).values({
    instanceId,
    tenantId,
    name,
    status: 'running',
    provider: 'aws',
    region: 'us-east-1',
    size: 'small',
    url: `test-${instanceSeq}-${instanceId.slice(0, 8)}`,
    version: '1.21',
    diskSize: 120,
  });
  // As the create does: every instance holds its default project.
  await addDefaultProject(t.runtime.ctx.db, { instanceId, tenantId, name, createdBy: null, createdAt: t.clock.now() });
  return instanceId;
}
