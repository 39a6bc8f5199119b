import { fillPlaceholders, getTableColumns, is, sql } from 'drizzle-orm';
import { PgTimestamp } from 'drizzle-orm/pg-core';
import type { Database, Db } from '../../../db/client';
import { domainEvents, instances, users } from '../../../db/schema';
import { KEY_PRINCIPAL_WIDTH, keyRowOfValues, principalOfKeyRow, selectKeyPrincipal } from '../../../lib/api-key-principal';
import type { CallerCredential } from '../../../lib/credential';
import { offsetOf, totalOver, type PageQuery } from '../../../lib/paging';
import { principalOfRow, principalRowOfValues, selectPackedPrincipal, type Principal } from '../../../lib/principal';
import { live, nameMatches, type InstanceRow } from './instances.repo';
import { WIRE_COLUMNS } from './instances.wire';

type WireKey = (typeof WIRE_COLUMNS)[number];
type TimeKey = 'createdAt' | 'updatedAt' | 'deletedAt' | 'lastHealthAt' | 'lastStorageUpdateAt' | 'scheduledVersionAt';

/** An instance as the list statement hands it over: the fields its answer is made from, times as epoch milliseconds. */
export type ListedInstance = Omit<Pick<InstanceRow, WireKey>, TimeKey> & {
  createdAt: number;
  updatedAt: number;
  deletedAt: number | null;
  lastHealthAt: number | null;
  lastStorageUpdateAt: number | null;
  scheduledVersionAt: number | null;
};

const WIRED: ReadonlySet<string> = new Set(WIRE_COLUMNS);
/**
 * The statement's columns: those the answer is made from (WIRE_COLUMNS), but tenantId, which its
 * WHERE fixes to the caller's. Every column was read until issue 42: 60 of the table's 63 by then,
 * each built, sent and parsed on every request (docs/decisions/server.md, 'the instances list's read').
 */
const LISTED = Object.entries(getTableColumns(instances)).filter(([key]) => WIRED.has(key) && key !== 'tenantId');
const LISTED_KEYS = LISTED.map(([key]) => key);
const TIME_KEYS = LISTED.filter(([, column]) => is(column, PgTimestamp)).map(([key]) => key);

/**
 * Times leave PostgreSQL as float8 epoch seconds (date_part: cheaper than
 * extract's numeric) and become milliseconds here, with the same float
 * arithmetic PostgreSQL would have used.
 */
const listedValues = sql.join(
  LISTED.map(([, column]) => (is(column, PgTimestamp) ? sql`date_part('epoch', ${column})` : sql`${column}`)),
  sql`, `,
);

/**
 * The unfiltered list's total, counted apart in the same statement (one snapshot, as the window
 * was): an InitPlan over the live-instances index, read once, with no column of a row. Its window
 * (`count(*) over ()`) made PostgreSQL read every live instance of the account whole (33 columns
 * deformed, copied into the window's store) to show ten: ~180 µs of the backend per list against
 * ~125 (issue 42, point 23, sixth look). A search reads every name anyway, so it keeps the window.
 * Its `instances` is its own FROM's (the innermost scope), `users` the caller's row; `live` is the page's own rule.
 */
const liveCount = sql<number>`(select count(*) from ${instances} where ${instances.tenantId} = ${users.tenantId} and ${live})`;

/**
 * One page of the caller's live instances, newest first, as JSON that
 * PostgreSQL builds: parsing one JSON text costs the console a fraction of
 * parsing thirty typed columns per row. Each instance is an array [total,
 * ...LISTED values]: without the keys PostgreSQL builds it in 15 % less
 * time. The aggregate takes the rows in the order the subquery sorted them:
 * the manual's one caveat is a join at the aggregate's level, and there is
 * none (a row_number to sort by again cost 6 % more; the list tests check
 * the order, ties in time included).
 */
const pageOfAccount = (withSearch: boolean) => sql<unknown[][] | null>`(
  select json_agg(x.v) from (
    select json_build_array(${withSearch ? totalOver() : liveCount}, ${listedValues}) as v
    from ${instances}
    where ${instances.tenantId} = ${users.tenantId} and ${live}
      ${withSearch ? sql`and ${nameMatches(sql.placeholder('pattern'))}` : sql``}
    order by ${instances.createdAt} desc, ${instances.instanceId} desc
    limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}
  ) x)`;

/**
 * The live status stream's newest position, in the page's own snapshot: every change positioned
 * up to it is in the page, so a stream that replays from it (Last-Event-ID) misses nothing and the
 * client need not read the list again when its stream opens. A change committed but not yet
 * positioned is in the page and replayed too, which is harmless (it carries the instance as it is).
 */
const livePosition = sql<number | null>`(select max(${domainEvents.position}) from ${domainEvents})`;

/** Where each listed value sits in a page's row (the total is first). */
const at = Object.fromEntries(LISTED_KEYS.map((key, i) => [key, i + 1])) as Record<Exclude<WireKey, 'tenantId'>, number>;

/** A time the statement sent as float8 epoch seconds, in milliseconds (the float arithmetic PostgreSQL would have used); null stays null. */
const epochMs = (seconds: unknown): number | null => (typeof seconds === 'number' ? Math.floor(seconds * 1000) : null);

const LITERAL_TIMES: ReadonlySet<string> = new Set<TimeKey>(['createdAt', 'updatedAt', 'deletedAt', 'lastHealthAt', 'lastStorageUpdateAt', 'scheduledVersionAt']);
// listedOf below converts these by name; a timestamp column joining WIRE_COLUMNS must be added there (and to TimeKey).
if (TIME_KEYS.length !== LITERAL_TIMES.size || !TIME_KEYS.every((key) => LITERAL_TIMES.has(key))) throw new Error(`listedOf converts ${[...LITERAL_TIMES]}, the statement sends ${TIME_KEYS} as times`);

/**
 * A page row made into an instance, as one object literal: V8 builds it with one fixed shape. Until
 * issue 42, point 23 the row was cloned from a template and its thirty values stored by computed keys,
 * each store a dictionary lookup: 8.5 µs a page of ten against 0.6 µs (docs/decisions/server.md).
 */
function listedOf(v: unknown[], tenantId: string): ListedInstance {
  const row = {
    instanceId: v[at.instanceId],
    tenantId,
    name: v[at.name],
    status: v[at.status],
    inProgress: v[at.inProgress],
    provider: v[at.provider],
    region: v[at.region],
    size: v[at.size],
    url: v[at.url],
    instanceUrl: v[at.instanceUrl],
    healthCheckUrl: v[at.healthCheckUrl],
    version: v[at.version],
    highAvailability: v[at.highAvailability],
    attachGpu: v[at.attachGpu],
    isProtected: v[at.isProtected],
    createdAt: epochMs(v[at.createdAt]),
    updatedAt: epochMs(v[at.updatedAt]),
    deletedAt: epochMs(v[at.deletedAt]),
    createdBy: v[at.createdBy],
    updatedBy: v[at.updatedBy],
    deletedBy: v[at.deletedBy],
    failure: v[at.failure],
    uiFailure: v[at.uiFailure],
    diskSize: v[at.diskSize],
    storageInProgress: v[at.storageInProgress],
    healthy: v[at.healthy],
    lastHealthAt: epochMs(v[at.lastHealthAt]),
    checkingHealth: v[at.checkingHealth],
    clientNetworkIssue: v[at.clientNetworkIssue],
    resolvedIps: v[at.resolvedIps],
    lastStorageUpdateAt: epochMs(v[at.lastStorageUpdateAt]),
    pendingVersion: v[at.pendingVersion],
    scheduledVersion: v[at.scheduledVersion],
    scheduledVersionAt: epochMs(v[at.scheduledVersionAt]),
  } satisfies Record<keyof ListedInstance, unknown>;
  return row as ListedInstance;
}

/**
 * The statement's text and parameters, built once by the ORM and then run as they are (the ORM's row mapping was a tenth of the list's time).
 * A session's caller is read by user and session, as one JSON value; an API key's by its secret's digest, the same one statement either way.
 */
function statementOf(db: Db, withSearch: boolean, kind: CallerCredential['kind']) {
  const extra = { page: pageOfAccount(withSearch), position: livePosition };
  const { sql: text, params } = (kind === 'key' ? selectKeyPrincipal(db, extra) : selectPackedPrincipal(db, extra)).toSQL();
  return { name: `instances_list_${kind}${withSearch ? '_search' : ''}`, text, params };
}

/** The caller a statement's row names, and where its page starts. */
function callerOf(row: unknown[] | undefined, credential: CallerCredential): { principal: Principal | null; pageAt: number } {
  if (credential.kind === 'key') return { principal: principalOfKeyRow(row && keyRowOfValues(row), credential.keyHash), pageAt: KEY_PRINCIPAL_WIDTH };
  // A session's caller comes as one JSON array (selectPackedPrincipal), then the page.
  return { principal: principalOfRow(row && principalRowOfValues(row[0] as unknown[]), credential.claims.sessionId), pageAt: 1 };
}

export interface CallerAndPage {
  principal: Principal | null;
  /** The whole account's page; only right for a caller whose scope is the whole account. */
  rows: ListedInstance[];
  total: number;
  /** The live status position the page is as of (0 before any change was positioned). */
  position: number;
}

/**
 * The instances list is what every open console polls. This statement reads
 * the caller (as the guard would) and the account's page together, in one
 * round trip. The page is read before the caller is judged, so the route
 * must authorize the caller and check their scope before using it.
 */
export function listWithCaller(database: Database) {
  const statements = new Map<string, ReturnType<typeof statementOf>>();
  return async (credential: CallerCredential, q: PageQuery & { pattern?: string }): Promise<CallerAndPage> => {
    const withSearch = q.pattern !== undefined;
    const name = `${credential.kind}${withSearch}`;
    let statement = statements.get(name);
    if (!statement) statements.set(name, (statement = statementOf(database.db, withSearch, credential.kind)));
    const who = credential.kind === 'key' ? { keyHash: credential.keyHash, now: credential.at.toISOString() } : credential.claims;
    const values = fillPlaceholders(statement.params, { ...who, pattern: q.pattern, limit: q.limit, offset: offsetOf(q) });
    const [row] = await database.runPrepared(statement.name, statement.text, values);
    const { principal, pageAt } = callerOf(row, credential);
    const page = (row?.[pageAt] ?? []) as unknown[][];
    return {
      principal,
      // The page is the caller's account's (its WHERE says so): only read once the caller is known.
      rows: principal ? page.map((listed) => listedOf(listed, principal.tenantId)) : [],
      total: Number(page[0]?.[0] ?? 0),
      position: Number(row?.[pageAt + 1] ?? 0),
    };
  };
}
