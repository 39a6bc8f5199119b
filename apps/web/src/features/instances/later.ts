import { replaceEqualDeep } from '@tanstack/react-query';
import type { Instance } from '@replay/contracts';

type Stamped = Pick<Instance, 'instanceId' | 'updatedAt'>;
type Listed = { instances: Stamped[] };

const isStamped = (value: unknown): value is Stamped =>
  typeof value === 'object' && value !== null && typeof (value as Stamped).instanceId === 'string' && typeof (value as Stamped).updatedAt === 'number';

const isListed = (value: unknown): value is Listed => typeof value === 'object' && value !== null && Array.isArray((value as Listed).instances) && (value as Listed).instances.every(isStamped);

/**
 * Of two states of one instance, the one the server changed last. The answers to calls and the
 * live status stream come over different connections, so they can arrive out of order: the
 * stream brings 'Stopped' before the answer to the stop itself ('Stopping') lands, or a read
 * answered before a change lands after the change's message. The older state must not be
 * written over the later one: with the stream open nothing polls, and it would stay on screen.
 * A tie goes to what arrived (the optimistic status keeps its updatedAt; health changes none).
 */
export function laterOf<T extends Stamped>(shown: T | undefined, arrived: T): T {
  return shown !== undefined && shown.instanceId === arrived.instanceId && shown.updatedAt > arrived.updatedAt ? shown : arrived;
}

/**
 * The instance queries' structuralSharing (instanceQueries in api.ts): every write of an
 * instance's details or a list page (a read's answer, a call's answer, a live change) keeps the
 * later state of each instance, then shares unchanged parts as TanStack Query does by default.
 */
export function keepLaterInstances(shown: unknown, arrived: unknown): unknown {
  let kept = arrived;
  if (isStamped(shown) && isStamped(arrived)) kept = laterOf(shown, arrived);
  else if (isListed(shown) && isListed(arrived)) {
    const before = new Map(shown.instances.map((i) => [i.instanceId, i]));
    const rows = arrived.instances.map((i) => laterOf(before.get(i.instanceId), i));
    if (rows.some((row, n) => row !== arrived.instances[n])) kept = { ...arrived, instances: rows };
  }
  return replaceEqualDeep(shown, kept);
}
