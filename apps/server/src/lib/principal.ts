import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { PERMISSIONS, type Permission } from '@replay/contracts';
import type { Db } from '../db/client';
import type { AccessClaims } from './access-token';
import { roles, sessions, tenants, userTotp, userWebauthnCredentials, users } from '../db/schema';

/** The caller of a request, read from the database on every request (never trusted from the token). */
export interface Principal {
  userId: string;
  tenantId: string;
  email: string;
  name: string;
  admin: boolean;
  superAdmin: boolean;
  permissions: Permission[];
  role: { id: string; name: string; allInstances: boolean; instances: string[]; protected: boolean } | null;
  /** The spec's `changePassword`: only the calls marked `duringPasswordChange` are open until the password changes. */
  passwordChangeRequired: boolean;
  /** The account requires a second factor this member has not set up: only the calls marked `duringMfaEnrolment` are open. */
  mfaEnrolmentRequired: boolean;
  /** The sign-in this request was made under; null for an identity just proved (login, reset, joining), and for an API key. */
  sessionId: string | null;
  /** Set when the caller is an API key (lib/api-key-principal.ts): it acts as that key, never as a person. */
  apiKey: ApiKeyOfCaller | null;
}

/** The API key a request was made with, as its principal read found it. */
export interface ApiKeyOfCaller {
  id: string;
  name: string;
  ipAccessList: string[];
  /** Epoch ms of the last recorded use, and from where (recorded at most once a minute per address). */
  lastUsedAt: number | null;
  lastUsedAddress: string | null;
}

/** Only the columns a principal needs: every column costs a parser per row. */
export const principalColumns = {
  user: {
    id: users.id,
    tenantId: users.tenantId,
    email: users.email,
    name: users.name,
    admin: users.admin,
    superAdmin: users.superAdmin,
    // Only whether they have joined: a timestamp would be parsed into a Date on every request.
    joined: sql<boolean>`${users.joinedAt} is not null`,
    passwordChangeRequired: users.passwordChangeRequired,
    // The account requires a second factor and this member has none yet (a confirmed app, or a passkey / security key).
    mfaEnrolmentRequired: sql<boolean>`(select ${tenants.mfaRequired} from ${tenants} where ${tenants.id} = ${users.tenantId})
      and not exists (select 1 from ${userTotp} where ${userTotp.userId} = ${users.id} and ${userTotp.confirmedAt} is not null)
      and not exists (select 1 from ${userWebauthnCredentials} where ${userWebauthnCredentials.userId} = ${users.id})`,
  },
  role: {
    id: roles.id,
    name: roles.name,
    permissions: roles.permissions,
    allInstances: roles.allInstances,
    instances: roles.instances,
    protected: roles.protected,
  },
};

/** The access token's session (placeholder `sessionId`) is this user's and has not been revoked. */
const liveSession = sql`exists (select 1 from ${sessions} where ${sessions.id} = ${sql.placeholder('sessionId')}
  and ${sessions.userId} = ${users.id} and ${sessions.revokedAt} is null)`;

/**
 * The caller's row, named by the placeholders `userId`, `tenantId` and
 * `sessionId` (no row once the session is revoked), with `extra` columns
 * beside it. The session check rides in the same statement, so revocation
 * costs no round trip. A busy read can add its own data as a subquery
 * that refers to `users.tenantId`, and so learn who is asking and what they
 * asked for in one round trip (see listWithCaller in instances.caller-list.ts).
 */
export function selectPrincipal<Extra extends Record<string, SQL.Aliased | SQL>>(db: Db, extra: Extra, opts = { session: true }) {
  // No join to tenants: the foreign key vouches for the account, and accounts are never deleted.
  return db
    .select({ ...principalColumns, ...extra })
    .from(users)
    .leftJoin(roles, liveRole)
    .where(callerIs(opts.session))
    .limit(1);
}

/** The caller's role, unless it was deleted. */
const liveRole = and(eq(roles.id, users.roleId), isNull(roles.deletedAt));

/** The caller named by the placeholders, not deleted, and (for a session) with that session live. Both selects read the caller by it. */
const callerIs = (session: boolean) => and(eq(users.id, sql.placeholder('userId')), eq(users.tenantId, sql.placeholder('tenantId')), isNull(users.deletedAt), session ? liveSession : undefined);

/**
 * The caller's columns as one JSON array, in the order principalRowOfValues reads (PRINCIPAL_WIDTH
 * values). For the instances list, which every open console polls: as fifteen columns they cost
 * the driver a field description, a parser and a value each per run, and PostgreSQL an output
 * function each; as one json value, one JSON.parse (issue 42, point 23, fifth look).
 */
const packedPrincipal = sql<unknown[]>`json_build_array(${sql.join([...Object.values(principalColumns.user), ...Object.values(principalColumns.role)], sql`, `)})`;

/** selectPrincipal (with the session) with the caller as one column first, `caller`: read it with principalRowOfValues(row[0]). */
export function selectPackedPrincipal<Extra extends Record<string, SQL.Aliased | SQL>>(db: Db, extra: Extra) {
  return db
    .select({ caller: packedPrincipal, ...extra })
    .from(users)
    .leftJoin(roles, liveRole)
    .where(callerIs(true))
    .limit(1);
}

export type PrincipalRow = {
  user: { id: string; tenantId: string; email: string; name: string; admin: boolean; superAdmin: boolean; joined: boolean; passwordChangeRequired: boolean; mfaEnrolmentRequired: boolean };
  role: { id: string; name: string; permissions: string[]; allInstances: boolean; instances: string[]; protected: boolean } | null;
};

const USER_KEYS = Object.keys(principalColumns.user);
const ROLE_KEYS = Object.keys(principalColumns.role);
/** How many values a selectPrincipal row starts with; the extra columns follow. */
export const PRINCIPAL_WIDTH = USER_KEYS.length + ROLE_KEYS.length;

/** A selectPrincipal row read as an array (see RunPrepared), in the shape the ORM would have given. */
export function principalRowOfValues(values: unknown[]): PrincipalRow {
  const user = Object.fromEntries(USER_KEYS.map((key, i) => [key, values[i]])) as PrincipalRow['user'];
  const roleId = values[USER_KEYS.length];
  const role = roleId === null ? null : (Object.fromEntries(ROLE_KEYS.map((key, i) => [key, values[USER_KEYS.length + i]])) as PrincipalRow['role']);
  return { user, role };
}

/** A member who has not accepted their invitation yet is not anyone's caller. */
export function principalOfRow(row: PrincipalRow | undefined, sessionId: string | null): Principal | null {
  if (!row || !row.user.joined) return null;
  const { user, role } = row;
  const granted = new Set(role?.permissions ?? []);
  return {
    userId: user.id,
    tenantId: user.tenantId,
    email: user.email,
    name: user.name,
    admin: user.admin,
    superAdmin: user.superAdmin,
    permissions: PERMISSIONS.filter((p) => granted.has(p)),
    role: role ? { id: role.id, name: role.name, allInstances: role.allInstances, instances: role.instances, protected: role.protected } : null,
    passwordChangeRequired: user.passwordChangeRequired,
    mfaEnrolmentRequired: user.mfaEnrolmentRequired === true,
    sessionId,
    apiKey: null,
  };
}

const prepareCaller = (db: Db) => selectPrincipal(db, {}).prepare('load_caller');
const prepareIdentity = (db: Db) => selectPrincipal(db, {}, { session: false }).prepare('load_identity');

/** Every request runs the caller query: prepared once per database handle, since building it through the ORM costs more than running it. */
const callers = new WeakMap<Db, ReturnType<typeof prepareCaller>>();
const identities = new WeakMap<Db, ReturnType<typeof prepareIdentity>>();

/** The caller of a request, from its verified access token: null once the user, their membership or the session is gone. */
export async function loadCaller(db: Db, claims: AccessClaims): Promise<Principal | null> {
  let statement = callers.get(db);
  if (!statement) callers.set(db, (statement = prepareCaller(db)));
  const [row] = await statement.execute({ ...claims });
  return principalOfRow(row, claims.sessionId);
}

/** A user who has just proved who they are (password, reset or joining link), before any session exists. */
export async function loadPrincipal(db: Db, userId: string, tenantId: string): Promise<Principal | null> {
  let statement = identities.get(db);
  if (!statement) identities.set(db, (statement = prepareIdentity(db)));
  const [row] = await statement.execute({ userId, tenantId });
  return principalOfRow(row, null);
}
