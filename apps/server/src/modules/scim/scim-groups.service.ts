import { SCIM_MESSAGES, isUuid, type ScimGroup, type ScimGroupInput, type ScimPatchOperation } from '@replay/contracts';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../lib/db-errors';
import { notFound } from '../../lib/errors';
import { newId } from '../../lib/ids';
import type { ScimCaller } from '../../lib/scim-token';
import { scimError } from './scim-errors';
import { GROUP_FILTER_ATTRIBUTES, scimGroupsRepo, type ScimGroupRow } from './scim-groups.repo';
import { groupResource, listResponse, pageOf } from './scim-resources';
import { scimUsersRepo } from './scim-users.repo';
import { clausesOf } from './scim-users.service';
import type { Clock } from '../../lib/time';

const taken = () => scimError('conflict', 'uniqueness', SCIM_MESSAGES.groupNameTaken);
const badMember = () => scimError('validation_failed', 'invalidValue', SCIM_MESSAGES.invalidValue('members'));

/** The user ids of a `members` value: `[{ value }]` (a single object too, as some providers send). */
function idsOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.map((m) => {
    const id = (m as { value?: unknown } | null)?.value;
    // Checked here: a text that is no UUID names no row, and must never reach a uuid cast in SQL.
    if (typeof id !== 'string' || !isUuid(id)) throw badMember();
    return id.toLowerCase();
  });
}

/** `members[value eq "id"]`: the one member a remove names by path (Okta's and Entra's form). */
const MEMBER_PATH = /^members\[\s*value\s+eq\s+"([^"]+)"\s*\]$/i;

interface GroupChange {
  displayName?: string;
  externalId?: string | null;
  replace?: string[];
  add: string[];
  remove: string[];
}

/** A group's PATCH: Okta's `replace` of `{ id, displayName }` and members by path; Entra's `Add`/`Remove` of `members` with values. */
function changeOfPatch(operations: ScimPatchOperation[]): GroupChange {
  const change: GroupChange = { add: [], remove: [] };
  for (const op of operations) {
    const path = op.path?.trim() ?? '';
    const byPath = MEMBER_PATH.exec(path);
    if (byPath && op.op === 'remove') change.remove.push(...idsOf({ value: byPath[1] }));
    else if (path.toLowerCase() === 'members') {
      if (op.op === 'add') change.add.push(...idsOf(op.value));
      else if (op.op === 'replace') change.replace = idsOf(op.value);
      else if (op.value === undefined) change.replace = [];
      else change.remove.push(...idsOf(op.value));
    } else if (path.toLowerCase() === 'displayname' && op.op !== 'remove') change.displayName = textOf(op.value);
    else if (path.toLowerCase() === 'externalid') change.externalId = op.op === 'remove' ? null : textOf(op.value);
    else if (!path && op.op !== 'remove' && op.value && typeof op.value === 'object') {
      const value = op.value as Record<string, unknown>;
      if (value.displayName !== undefined) change.displayName = textOf(value.displayName);
      if (value.externalId !== undefined) change.externalId = textOf(value.externalId);
      if (value.members !== undefined) (op.op === 'add' ? change.add : (change.replace = [])).push(...idsOf(value.members));
    } else throw scimError('validation_failed', 'invalidPath', SCIM_MESSAGES.invalidPath(path || '(none)'));
  }
  return change;
}

function textOf(value: unknown): string {
  if (typeof value !== 'string' || !value.trim() || value.length > 200) throw scimError('validation_failed', 'invalidValue', SCIM_MESSAGES.invalidValue('displayName'));
  return value.trim();
}

/**
 * SCIM's Groups for one account. A group gives its members a role once the owner maps it
 * (scim-admin.service.ts); each change of membership re-applies the role rule to the members
 * it touched (scimUsersRepo.applyGroupRoles). Members are the account's live users only: an
 * unknown id, or another account's, is 400 invalidValue alike.
 */
export function createScimGroupsService(deps: { db: Db; clock: Clock; baseUrl: string }) {
  const repo = scimGroupsRepo(deps.db);

  async function resources(rows: ScimGroupRow[]): Promise<ScimGroup[]> {
    const members = await repo.membersOf(rows.map((r) => r.id));
    return rows.map((r) => groupResource(deps.baseUrl, r, members.get(r.id) ?? []));
  }

  async function read(c: ScimCaller, id: string): Promise<ScimGroup> {
    const row = await repo.find(c.tenantId, id);
    if (!row) throw notFound(SCIM_MESSAGES.groupNotFound);
    const [group] = await resources([row]);
    return group!;
  }

  async function ownUsers(c: ScimCaller, ids: string[]): Promise<string[]> {
    const unique = [...new Set(ids)];
    const live = await repo.liveUsersOf(c.tenantId, unique);
    if (live.length !== unique.length) throw badMember();
    return live;
  }

  /** Writes a change in one transaction, then the role rule for every member it touched. */
  async function write(c: ScimCaller, id: string, change: GroupChange): Promise<ScimGroup> {
    if (!(await repo.find(c.tenantId, id))) throw notFound(SCIM_MESSAGES.groupNotFound);
    const [add, remove, replace] = await Promise.all([ownUsers(c, change.add), Promise.resolve([...new Set(change.remove)]), change.replace ? ownUsers(c, change.replace) : null]);
    try {
      await deps.db.transaction(async (tx) => {
        const groups = scimGroupsRepo(tx);
        const before = await groups.memberIds(id);
        await groups.update(c.tenantId, id, { displayName: change.displayName, externalId: change.externalId, updatedAt: deps.clock.now() });
        if (replace) await groups.removeMembers(id, 'all');
        await groups.addMembers(id, [...(replace ?? []), ...add]);
        await groups.removeMembers(id, remove);
        await scimUsersRepo(tx).applyGroupRoles(c.tenantId, [...new Set([...before, ...add, ...(replace ?? [])])]);
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw taken();
      throw e;
    }
    return read(c, id);
  }

  return {
    async list(c: ScimCaller, q: { filter?: string; startIndex: number; count: number; excludedAttributes?: string }) {
      const clauses = clausesOf(q.filter, GROUP_FILTER_ATTRIBUTES);
      const { offset, limit } = pageOf(q);
      const { rows, total } = await repo.page(c.tenantId, clauses, offset, limit);
      return listResponse(await resources(rows), total, q.startIndex);
    },

    get: read,

    async create(c: ScimCaller, input: ScimGroupInput): Promise<ScimGroup> {
      const id = newId();
      const now = deps.clock.now();
      const members = await ownUsers(c, idsOf(input.members ?? []));
      try {
        await deps.db.transaction(async (tx) => {
          await scimGroupsRepo(tx).insert({ id, tenantId: c.tenantId, displayName: input.displayName, externalId: input.externalId ?? null, createdAt: now, updatedAt: now });
          await scimGroupsRepo(tx).addMembers(id, members);
        });
      } catch (e) {
        if (isUniqueViolation(e)) throw taken();
        throw e;
      }
      return read(c, id);
    },

    replace: (c: ScimCaller, id: string, input: ScimGroupInput) =>
      write(c, id, { displayName: input.displayName, externalId: input.externalId ?? null, replace: idsOf(input.members ?? []), add: [], remove: [] }),

    patch: (c: ScimCaller, id: string, operations: ScimPatchOperation[]) => write(c, id, changeOfPatch(operations)),

    async remove(c: ScimCaller, id: string): Promise<void> {
      if (!(await repo.find(c.tenantId, id))) throw notFound(SCIM_MESSAGES.groupNotFound);
      await deps.db.transaction(async (tx) => {
        const members = await scimGroupsRepo(tx).memberIds(id);
        await scimGroupsRepo(tx).remove(c.tenantId, id);
        await scimUsersRepo(tx).applyGroupRoles(c.tenantId, members);
      });
    },
  };
}

export type ScimGroupsService = ReturnType<typeof createScimGroupsService>;
