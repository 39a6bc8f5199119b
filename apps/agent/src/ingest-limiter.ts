import { HttpError } from './http.ts';
import type { IngestLimits } from './settings.ts';

/** A bucket holds this many seconds of its rate, so a tracker may send a burst after a quiet spell. */
const BURST_SECONDS = 10;
/** Budgets of this many client addresses (and as many sessions, and keys) are kept; beyond it the least recently seen is forgotten. */
const MAX_TRACKED = 10_000;

/** A token bucket: `ratePerSecond` tokens come back each second, up to `capacity`. */
export class TokenBucket {
  private readonly ratePerSecond: number;
  private readonly capacity: number;
  private tokens: number;
  private at: number;

  constructor(ratePerSecond: number, capacity: number, nowMs: number) {
    this.ratePerSecond = ratePerSecond;
    this.capacity = capacity;
    this.tokens = capacity;
    this.at = nowMs;
  }

  /** Seconds until `amount` tokens are there; 0 when they are there now. */
  waitSeconds(amount: number, nowMs: number): number {
    this.tokens = Math.min(this.capacity, this.tokens + (Math.max(0, nowMs - this.at) / 1000) * this.ratePerSecond);
    this.at = nowMs;
    return this.tokens >= amount ? 0 : (amount - this.tokens) / this.ratePerSecond;
  }

  take(amount: number): void {
    this.tokens -= amount;
  }
}

interface Budget {
  requests: TokenBucket;
  bytes: TokenBucket;
}

/** Budgets by name, most recently used last, so the map stays bounded by forgetting the idlest first. */
class Budgets {
  private readonly byName = new Map<string, Budget>();
  private readonly make: () => Budget;

  constructor(make: () => Budget) {
    this.make = make;
  }

  of(name: string): Budget {
    let budget = this.byName.get(name);
    if (budget) this.byName.delete(name);
    else {
      if (this.byName.size >= MAX_TRACKED) this.byName.delete(this.byName.keys().next().value as string);
      budget = this.make();
    }
    this.byName.set(name, budget);
    return budget;
  }
}

/** Who a tracker's write is charged to, beside its client address. */
export interface Sender {
  /** The project whose key the request showed; null: the account's key. */
  projectId: string | null;
  sessionId: string;
}

/**
 * Rate limits of event ingest, in requests and in stored bytes, per client address, per
 * session, per project key and for the instance as a whole. A refusal is a 429 with
 * `Retry-After`, and takes nothing from any bucket, so a refused sender is not pushed further
 * back. A stranger's requests are charged to its address only (they are refused before any
 * other budget is touched), so keyless floods cannot lock the instance's trackers out. A keyed
 * request is charged to its session, key and instance together once its body names the
 * session: a flooding session is refused by its own budget before it takes anything from the
 * key's or the instance's, so the key's other sessions are not slowed.
 */
export class IngestLimiter {
  private readonly clients: Budgets;
  private readonly sessions: Budgets;
  private readonly keys: Budgets;
  private readonly instance: Budget;
  /** The most one request may store: a byte bucket must hold at least this, or such a request could never pass. */
  private readonly maxRequestBytes: number;
  private readonly now: () => number;

  constructor(limits: IngestLimits, maxRequestBytes: number, now: () => number) {
    this.maxRequestBytes = maxRequestBytes;
    this.now = now;
    this.instance = this.budget(limits.instanceRequestsPerSecond, limits.instanceBytesPerSecond);
    this.clients = new Budgets(() => this.budget(limits.clientRequestsPerSecond, limits.clientBytesPerSecond));
    this.sessions = new Budgets(() => this.budget(limits.sessionRequestsPerSecond, limits.sessionBytesPerSecond));
    this.keys = new Budgets(() => this.budget(limits.keyRequestsPerSecond, limits.keyBytesPerSecond));
  }

  private budget(requestsPerSecond: number, bytesPerSecond: number): Budget {
    const at = this.now();
    return {
      requests: new TokenBucket(requestsPerSecond, Math.max(1, requestsPerSecond * BURST_SECONDS), at),
      bytes: new TokenBucket(bytesPerSecond, Math.max(this.maxRequestBytes, bytesPerSecond * BURST_SECONDS), at),
    };
  }

  /** Takes `amount` from every bucket, or from none and answers 429 with the longest wait. */
  private charge(buckets: TokenBucket[], amount: number): void {
    const at = this.now();
    const wait = Math.max(...buckets.map((b) => b.waitSeconds(amount, at)));
    if (wait > 0) {
      throw new HttpError(429, 'Too many events: slow down and retry later', { 'Retry-After': String(Math.max(1, Math.ceil(wait))) });
    }
    for (const bucket of buckets) bucket.take(amount);
  }

  /** The budgets of a keyed sender, its session's first. */
  private senderBudgets({ projectId, sessionId }: Sender): Budget[] {
    return [this.sessions.of(`${projectId ?? ''}/${sessionId}`), this.keys.of(projectId ?? ''), this.instance];
  }

  /** Every request, before its credential is checked. */
  clientRequest(address: string): void {
    this.charge([this.clients.of(address).requests], 1);
  }

  /** A request that showed a project key, once its body names the session. */
  senderRequest(sender: Sender): void {
    this.charge(
      this.senderBudgets(sender).map((b) => b.requests),
      1,
    );
  }

  /** The bytes a request is about to store. */
  bytes(address: string, sender: Sender, amount: number): void {
    this.charge([this.clients.of(address).bytes, ...this.senderBudgets(sender).map((b) => b.bytes)], amount);
  }
}

/**
 * The address a client's budget is kept under. IPv6 clients by their /64:
 * one host usually holds a whole /64, and a budget per address would let it
 * take a new one for every request. IPv4-mapped addresses count as IPv4.
 */
export function clientAddress(remote: string | undefined): string {
  const address = (remote ?? 'unknown').replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!address.includes(':')) return address;
  const [head = '', tail] = address.split('::');
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const groups = tail === undefined ? front : [...front, ...Array<string>(Math.max(0, 8 - front.length - back.length)).fill('0'), ...back];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
