import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ACTION_STATUS, INSTANCE_MESSAGES, SIZES, isActionAllowed, isTerminateConfirmed, type CreateInstanceInput, type Instance, type InstanceActionBody } from '@replay/contracts';
import type { Database, Db } from '../../../db/client';
import { instances } from '../../../db/schema';
import { AppError, badRequest, conflict, forbidden } from '../../../lib/errors';
import { newId } from '../../../lib/ids';
import type { Principal } from '../../../lib/principal';
import { isUniqueViolation } from '../../../lib/db-errors';
import { instanceScopeOf } from '../../../lib/instance-scope';
import { addDefaultProject } from '../../projects/projects.facts';
import { assertMayCreate, assertMayStart } from './instances.billing-gate';
import { recordInstanceEvent, type Actor } from './instances.events';
import type { Enqueue } from '../workflow/instances.jobs';
import { instancesRepo, type InstanceRow } from './instances.repo';
import { instanceToWire } from './instances.wire';
import type { Clock } from '../../../lib/time';

/**
 * An instance's lifecycle as members ask for it: create (at most once per Idempotency-Key)
 * and start, stop or terminate. Each request is judged and recorded here; the workflow
 * carries it out. The rest of the instances service (reads, rename, login) is instances.service.ts.
 */

/** What the lifecycle needs of the composition root; the service adds the driver. */
export interface LifecycleDeps {
  database: Database;
  clock: Clock;
  enqueue: Enqueue;
  /** What new instances run (the settings' NEW_INSTANCE_VERSION, else the catalogue's newest). */
  newInstanceVersion: string;
  /** Whether the account has billing details (billing's, passed in by the composition root). */
  hasBillingDetails(tenantId: string): Promise<boolean>;
}

/** The service's scope rule (404 for an id the caller may not see), which every action is judged under. */
type Load = (p: Principal, instanceId: string) => Promise<InstanceRow>;

export interface CreateAnswer {
  instance: Instance;
  /** True when an earlier request with the same Idempotency-Key made the instance. */
  replayed: boolean;
}

/** Judgements of an action while other changes win its compare-and-set; then 409, not an endless loop. */
const ACTION_ATTEMPTS = 3;

export const actorOf = (p: Principal): Actor => ({ userId: p.userId, name: p.name });
/** What a member's action is, as an event: the request, before the workflow carries it out. */
const REQUESTED_EVENT = { start: 'instance.starting', stop: 'instance.stopping', terminate: 'instance.terminating' } as const;

/** The same body hashes the same whatever its key order. */
function requestHash(input: CreateInstanceInput): string {
  const canonical = JSON.stringify(Object.fromEntries(Object.entries(input).sort(([a], [b]) => a.localeCompare(b))));
  return createHash('sha256').update(canonical).digest('hex');
}

/** Creates the instance in the caller's open transaction; throws what refuses it. */
async function insertInstance(deps: LifecycleDeps, tx: Db, p: Principal, input: CreateInstanceInput, hasBillingDetails: boolean): Promise<InstanceRow> {
  const txRepo = instancesRepo(tx);
  const at = deps.clock.now();
  await assertMayCreate(tx, p.tenantId, input.size, hasBillingDetails, at);
  if (await txRepo.urlTaken(input.url)) throw new AppError('instance_url_taken', [INSTANCE_MESSAGES.urlTaken]);
  const row = await txRepo.insert({
    instanceId: newId(),
    tenantId: p.tenantId,
    name: input.name,
    status: 'creating',
    inProgress: true,
    provider: input.provider,
    region: input.region,
    size: input.size,
    url: input.url,
    version: deps.newInstanceVersion,
    diskSize: SIZES[input.size].diskGb,
    // Past the gate without billing details: this is the trial's one free instance.
    freeTrial: !hasBillingDetails,
    // One ahead of applied: the config step gives its first running agent the default project's key.
    projectKeysVersion: 1,
    createdAt: at,
    updatedAt: at,
    createdBy: p.userId,
    updatedBy: p.userId,
  });
  // Its default project (the spec's site), so its alerts, errors and onboarding have one from the start.
  await addDefaultProject(tx, row);
  await recordInstanceEvent(tx, {
    instance: row,
    actor: actorOf(p),
    at,
    action: 'create',
    status: 'pending',
    comments: `Requested a ${input.size} instance on ${input.provider} ${input.region}`,
    event: { type: 'instance.created', provider: row.provider, region: row.region },
  });
  return row;
}

/**
 * Creates an instance, at most once per Idempotency-Key. The key is
 * inserted first, in the same transaction as the instance: a concurrent
 * request with the same key waits on the key's unique index until this
 * one commits, then finds the stored answer. If this one fails, the key
 * goes with it and a retry is judged afresh.
 */
export async function createInstance(deps: LifecycleDeps, p: Principal, input: CreateInstanceInput, idempotencyKey?: string): Promise<CreateAnswer> {
  const { db } = deps.database;
  // A member limited to chosen instances could not see what they create.
  if (instanceScopeOf(p).ids !== null) throw forbidden(INSTANCE_MESSAGES.scopedCreate);
  const hash = requestHash(input);
  // Asked before the transaction: on PGlite a query outside it would wait for it forever.
  const hasBillingDetails = await deps.hasBillingDetails(p.tenantId);
  let answer: CreateAnswer & { instanceId: string };
  try {
    answer = await db.transaction(async (tx) => {
      const txRepo = instancesRepo(tx);
      if (idempotencyKey && !(await txRepo.claimKey(p.tenantId, idempotencyKey, hash))) {
        const stored = await txRepo.readKey(p.tenantId, idempotencyKey);
        if (!stored || stored.requestHash !== hash) throw new AppError('idempotency_mismatch', [INSTANCE_MESSAGES.idempotencyMismatch]);
        const instance = stored.response as Instance;
        return { replayed: true, instance, instanceId: instance.instanceId };
      }
      const row = await insertInstance(deps, tx, p, input, hasBillingDetails);
      const instance = instanceToWire(row);
      if (idempotencyKey) await txRepo.storeKeyAnswer(p.tenantId, idempotencyKey, 201, instance);
      return { replayed: false, instance, instanceId: row.instanceId };
    });
  } catch (e) {
    // Two different requests racing for one URL: the index decides, the loser hears why.
    if (isUniqueViolation(e) && !(e instanceof AppError)) throw new AppError('instance_url_taken', [INSTANCE_MESSAGES.urlTaken]);
    throw e;
  }
  // After the commit: the job must find the row (and PGlite's one connection is free again).
  await deps.enqueue(answer.instanceId);
  return { replayed: answer.replayed, instance: answer.instance };
}

/**
 * Start, stop or terminate (spec section 4): allowed by the status, and
 * terminate refused under termination protection. The new status is set
 * at once (the UI is optimistic) and the workflow does the rest.
 */
export async function actOn(deps: LifecycleDeps, load: Load, p: Principal, instanceId: string, body: InstanceActionBody): Promise<Instance> {
  const { action, confirm } = body;
  if (action === 'terminate' && confirm !== undefined && !isTerminateConfirmed(confirm)) {
    throw badRequest(INSTANCE_MESSAGES.confirmTerminate);
  }
  for (let attempt = 0; attempt < ACTION_ATTEMPTS; attempt++) {
    const changed = await tryAct(deps, load, p, instanceId, action);
    if (!changed) continue; // It changed between the read and the write: judge it again on what it is now.
    await deps.enqueue(instanceId);
    return instanceToWire(changed);
  }
  throw conflict(INSTANCE_MESSAGES.busy);
}

/** One judgement and compare-and-set of an action; null when another change won the row. */
async function tryAct(deps: LifecycleDeps, load: Load, p: Principal, instanceId: string, action: InstanceActionBody['action']): Promise<InstanceRow | null> {
  const { db } = deps.database;
  const row = await load(p, instanceId);
  if (!isActionAllowed(row.status, action)) throw conflict(INSTANCE_MESSAGES.actionNotAllowed(action, row.status));
  if (action === 'terminate' && row.isProtected) throw conflict(INSTANCE_MESSAGES.terminationProtected);
  if (action === 'start') await assertMayStart(db, p.tenantId, deps.clock.now(), deps.hasBillingDetails);
  const to = ACTION_STATUS[action];
  const at = deps.clock.now();
  return db.transaction(async (tx) => {
    // Only from the status judged above, and (for terminate) only while still unprotected.
    const moved = await instancesRepo(tx).changeIf(
      instanceScopeOf(p),
      instanceId,
      row.status,
      { status: to, inProgress: true, updatedAt: at, updatedBy: p.userId, failure: null, uiFailure: null, ...(action === 'terminate' ? { deletedBy: p.userId } : {}) },
      action === 'terminate' ? eq(instances.isProtected, false) : undefined,
    );
    if (!moved) return null;
    await recordInstanceEvent(tx, {
      instance: moved,
      actor: actorOf(p),
      at,
      action,
      status: 'pending',
      comments: `${action[0]!.toUpperCase()}${action.slice(1)} requested`,
      event: { type: REQUESTED_EVENT[action] },
    });
    return moved;
  });
}
