import { SCIM_MESSAGES, type ScimUser, type ScimUserInput, type ScimPatchOperation } from '@replay/contracts';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import { forbidden, notFound } from '../../lib/errors';
import { hasBillingAccount } from '../billing/billing.facts';
import { noSeatLeft } from '../members/seats.door';
import { newId } from '../../lib/ids';
import type { ScimCaller } from '../../lib/scim-token';
import type { MembersService } from '../members/members.service';
import { scimError } from './scim-errors';
import { FilterError, parseFilter } from './scim-filter';
import { changeOfInput, changeOfPatch, type UserChange } from './scim-patch';
import { listResponse, pageOf, userResource } from './scim-resources';
import { USER_FILTER_ATTRIBUTES, scimUsersRepo, type ScimUserRow } from './scim-users.repo';
import type { Clock } from '../../lib/time';

export interface ScimUsersDeps {
  db: Db;
  clock: Clock;
  baseUrl: string;
  members: Pick<MembersService, 'deprovision'>;
}

export interface ListQuery {
  filter?: string;
  startIndex: number;
  count: number;
}

/** A filter's clauses, or 400 invalidFilter for what the subset does not hold. */
export function clausesOf(filter: string | undefined, allowed: readonly string[]) {
  if (!filter) return [];
  try {
    return parseFilter(filter, allowed);
  } catch (e) {
    if (e instanceof FilterError) throw scimError('validation_failed', 'invalidFilter', SCIM_MESSAGES.invalidFilter(e.message));
    throw e;
  }
}

const taken = () => scimError('conflict', 'uniqueness', SCIM_MESSAGES.userNameTaken);

/**
 * The seat rule (members' seats.door) for a user SCIM makes active. A full account is 403, not
 * 409: an IdP reads 409 as "this user exists" and would try to link it.
 */
async function seatFor(tx: Db, tenantId: string): Promise<void> {
  const full = await noSeatLeft(tx, tenantId, await hasBillingAccount(tx, tenantId));
  if (full) throw forbidden(full);
}

/** A new user from the IdP, answering its id: a joined member when active, else kept inactive (no member). */
async function insertUser(deps: ScimUsersDeps, c: ScimCaller, input: ScimUserInput): Promise<string> {
  const repo = scimUsersRepo(deps.db);
  const change = changeOfInput(input);
  const email = change.email!;
  if (await repo.emailInUse(email, '00000000-0000-0000-0000-000000000000')) throw taken();
  const id = newId();
  const now = deps.clock.now();
  const active = input.active !== false;
  try {
    await deps.db.transaction(async (tx) => {
      // A seat, as an invitation takes one: SCIM adds no member past the account's limit (403).
      // An inactive user is no member (soft-deleted) and takes none.
      if (active) await seatFor(tx, c.tenantId);
      await scimUsersRepo(tx).insert({
        id,
        tenantId: c.tenantId,
        email,
        name: change.formatted!,
        givenName: change.givenName,
        familyName: change.familyName,
        scimExternalId: change.externalId,
        scimState: active ? 'active' : 'inactive',
        joinedAt: now,
        createdAt: now,
        updatedAt: now,
        deletedAt: active ? null : now,
      });
    });
  } catch (e) {
    if (isUniqueViolation(e)) throw taken();
    throw e;
  }
  return id;
}

/**
 * SCIM's Users (RFC 7644) for one account: what its identity provider creates, reads,
 * changes and deactivates. A user SCIM creates is a joined member without a password (they
 * sign in through SSO) and with no role until a mapped group gives one. Deactivating
 * (`active: false`) or deleting is the Team's own removal (members.deprovision): sessions and
 * API keys end at once on every process. Another account's user is 404, as an unknown one.
 */
export function createScimUsersService(deps: ScimUsersDeps) {
  const repo = scimUsersRepo(deps.db);

  async function resources(rows: ScimUserRow[]): Promise<ScimUser[]> {
    const groups = await repo.groupsOf(rows.map((r) => r.id));
    return rows.map((r) => userResource(deps.baseUrl, r, groups.get(r.id) ?? []));
  }

  async function mustFind(c: ScimCaller, id: string) {
    return (await repo.find(c.tenantId, id)) ?? Promise.reject(notFound(SCIM_MESSAGES.userNotFound));
  }

  const read = async (c: ScimCaller, id: string): Promise<ScimUser> => (await resources([await mustFind(c, id)]))[0]!;

  /** The fields first, then the state: a deactivation is the Team's removal, a reactivation its undoing. */
  async function apply(c: ScimCaller, id: string, change: UserChange): Promise<ScimUser> {
    const row = await mustFind(c, id);
    const now = deps.clock.now();
    const email = change.email && change.email.toLowerCase() !== row.email.toLowerCase() ? change.email : undefined;
    if (email && (await repo.emailInUse(email, id))) throw taken();
    const name = change.formatted ?? ([change.givenName ?? row.givenName, change.familyName ?? row.familyName].filter(Boolean).join(' ') || row.name);
    try {
      await repo.update(c.tenantId, id, { email, name, givenName: change.givenName, familyName: change.familyName, scimExternalId: change.externalId, updatedAt: now });
    } catch (e) {
      if (isUniqueViolation(e)) throw taken();
      throw e;
    }
    if (change.active === false && row.active) {
      await deps.members.deprovision(c.tenantId, id, (tx) => scimUsersRepo(tx).update(c.tenantId, id, { scimState: 'inactive', updatedAt: now }));
    } else if (change.active === true && !row.active) {
      if (await repo.emailInUse(email ?? row.email, id)) throw taken();
      await deps.db.transaction(async (tx) => {
        await seatFor(tx, c.tenantId);
        await scimUsersRepo(tx).update(c.tenantId, id, { deletedAt: null, scimState: 'active', updatedAt: now });
      });
      await repo.applyGroupRoles(c.tenantId, [id]);
    }
    return read(c, id);
  }

  return {
    async list(c: ScimCaller, q: ListQuery) {
      const clauses = clausesOf(q.filter, USER_FILTER_ATTRIBUTES);
      const { offset, limit } = pageOf(q);
      const { rows, total } = await repo.page(c.tenantId, clauses, offset, limit);
      return listResponse(await resources(rows), total, q.startIndex);
    },

    get: read,

    async create(c: ScimCaller, input: ScimUserInput): Promise<ScimUser> {
      return read(c, await insertUser(deps, c, input));
    },

    replace: (c: ScimCaller, id: string, input: ScimUserInput) => apply(c, id, changeOfInput(input)),

    patch: (c: ScimCaller, id: string, operations: ScimPatchOperation[]) => apply(c, id, changeOfPatch(operations)),

    /** Deleted: removed like a deactivated member, and no longer seen by SCIM (404 from then on). */
    async remove(c: ScimCaller, id: string): Promise<void> {
      const row = await mustFind(c, id);
      const now = deps.clock.now();
      const forget = (tx: Db) => scimUsersRepo(tx).update(c.tenantId, id, { scimState: null, updatedAt: now });
      if (row.active) await deps.members.deprovision(c.tenantId, id, forget);
      else await forget(deps.db);
    },
  };
}

export type ScimUsersService = ReturnType<typeof createScimUsersService>;
