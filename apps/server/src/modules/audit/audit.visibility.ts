import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { API_PREFIX, endpoints, PERMISSIONS, type Endpoint, type Permission } from '@replay/contracts';
import { auditTrail } from '../../db/schema';
import { instanceScopeOf } from '../../lib/instance-scope';
import type { Principal } from '../../lib/principal';

/**
 * Which audit entries a reader may see (issue 42): the trail shows the record of a call
 * only to whoever the console would let read what the call was about, so it shows a
 * limited member nothing their role does not grant elsewhere. The kind of an entry is
 * derived from the endpoint table (the call's own guard), never from a list kept by hand:
 *
 * - a call guarded by permissions is an entry of their areas (EDIT_BILLING → billing,
 *   EDIT_ROLES → roles, EDIT_MEMBERS → team and API keys, EDIT_INSTANCES → instances,
 *   webhooks, projects…); the reader needs the view or edit permission of one of those
 *   areas (VIEW_x or EDIT_x), as the area's own screens do;
 * - an entry of the instances area also needs the instance in the reader's scope
 *   (lib/instance-scope.ts): a reader limited to some instances sees those instances'
 *   entries, and not the account-wide ones (creating an instance, the all-instances
 *   retention, webhooks), which concern every instance;
 * - a person's own call (guard 'public' or 'authenticated': sign-in, second factor,
 *   password, profile, logout) is one of that person's: others' need the team permission
 *   (VIEW_MEMBERS or EDIT_MEMBERS), as the member screens do;
 * - the reader's own entries are always theirs to see (a key's: those it made); an entry
 *   of a call the table no longer declares is shown only to a reader who sees every area.
 *
 * Applied in the query (`visibleEntries`), so paging and counts are of what is shown.
 */

/** An area of the console: a permission without its VIEW_ / EDIT_, or a person's own calls. */
type Area = string;
const PERSONAL = 'personal';
const INSTANCES = 'INSTANCES';
/** The area whose permission lets one read other people's own calls: the team's. */
const TEAM = 'MEMBERS';
const areaOfPermission = (p: Permission): Area => p.replace(/^(VIEW|EDIT)_/, '');

/** The areas of a call: the console areas its guard names, or the caller's own for a person's call. */
export function entryAreasOf(e: Pick<Endpoint, 'guard'>): readonly Area[] {
  return typeof e.guard === 'string' ? [PERSONAL] : [...new Set(e.guard.anyOf.map(areaOfPermission))].sort();
}

/** What the trail stores of a call's route: `METHOD /api/path`, as the audit plugin records it. */
const entryKey = (e: Pick<Endpoint, 'method' | 'path'>) => `${e.method} ${API_PREFIX}${e.path}`;

/** Every declared call by its areas (one group per combination of areas), computed once. */
const GROUPS: { areas: readonly Area[]; keys: string[] }[] = (() => {
  const byAreas = new Map<string, { areas: readonly Area[]; keys: string[] }>();
  for (const e of Object.values(endpoints as Record<string, Endpoint>)) {
    const areas = entryAreasOf(e);
    const id = areas.join('+');
    const group = byAreas.get(id) ?? { areas, keys: [] };
    group.keys.push(entryKey(e));
    byAreas.set(id, group);
  }
  return [...byAreas.values()];
})();

/** How far a reader reaches into one group of entries. */
type Reach = 'all' | 'inScope' | 'none';

function reachOf(p: Principal, areas: readonly Area[]): Reach {
  const held = new Set(p.permissions.map(areaOfPermission));
  const needed = areas.map((a) => (a === PERSONAL ? TEAM : a));
  if (!needed.some((a) => held.has(a))) return 'none';
  return areas.includes(INSTANCES) && instanceScopeOf(p).ids !== null ? 'inScope' : 'all';
}

/** Whether the reader sees every entry of the account (the owner, a full role): then nothing is filtered. */
export function seesWholeTrail(p: Principal): boolean {
  const held = new Set(p.permissions.map(areaOfPermission));
  const everyArea = PERMISSIONS.every((perm) => held.has(areaOfPermission(perm)));
  return everyArea && instanceScopeOf(p).ids === null;
}

/** The reader's own entries: a person's calls, or a key's (never its creator's). */
const ownEntries = (p: Principal): SQL => (p.apiKey ? eq(auditTrail.apiKeyId, p.apiKey.id) : eq(auditTrail.userId, p.userId));

/** The condition on audit_trail rows of what `p` may see (undefined: everything of the account). */
export function visibleEntries(p: Principal): SQL | undefined {
  if (seesWholeTrail(p)) return undefined;
  const key = sql`${auditTrail.method} || ' ' || ${auditTrail.route}`;
  const all: string[] = [];
  const inScope: string[] = [];
  for (const group of GROUPS) {
    const reach = reachOf(p, group.areas);
    if (reach === 'all') all.push(...group.keys);
    else if (reach === 'inScope') inScope.push(...group.keys);
  }
  const ids = instanceScopeOf(p).ids ?? [];
  return or(ownEntries(p), all.length ? inArray(key, all) : undefined, inScope.length && ids.length ? and(inArray(key, inScope), inArray(auditTrail.instanceId, [...ids])) : undefined);
}
