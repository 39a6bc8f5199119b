import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { DriverError, type InstanceHealth, type InstanceUser } from '../driver';

/**
 * The console's side of the agent's HTTP interface. Tokens are HS256 JWTs
 * signed with the instance's own secret, so a leaked secret opens one
 * instance, not all of them; `scope` keeps a login token from being used as
 * an admin token, and `aud` keeps it to its instance.
 */

const ISSUER = 'replay-console';
const ADMIN_TOKEN_SECONDS = 60;
const LOGIN_TOKEN_SECONDS = 60;
const REQUEST_TIMEOUT_MS = 5_000;
const HEALTH_TIMEOUT_MS = 2_000;

export interface AgentAddress {
  instanceId: string;
  /** Reached over the loopback address, whatever `localhost` resolves to first. */
  baseUrl: string;
  secret: string;
}

async function sign(agent: AgentAddress, scope: 'login' | 'admin', seconds: number, claims: Record<string, unknown> = {}): Promise<string> {
  const iat = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...claims, scope })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ISSUER)
    .setAudience(agent.instanceId)
    .setJti(randomUUID())
    .setIssuedAt(iat)
    .setExpirationTime(iat + seconds)
    .sign(new TextEncoder().encode(agent.secret));
}

export function loginToken(agent: AgentAddress, user: InstanceUser): Promise<string> {
  return sign(agent, 'login', LOGIN_TOKEN_SECONDS, { sub: user.userId, name: user.name, email: user.email });
}

/** An admin call (also how stats are read: the agent shows them to the console only); the agent's `{ errors: [...] }` answers become DriverErrors. */
export async function adminCall<T>(agent: AgentAddress, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Authorization: `Bearer ${await sign(agent, 'admin', ADMIN_TOKEN_SECONDS)}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(`${agent.baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (e) {
    throw new DriverError('not-running', `Instance ${agent.instanceId} did not answer: ${(e as Error).message}`);
  }
  const payload = (await res.json().catch(() => null)) as { errors?: string[] } | null;
  if (!res.ok) {
    const message = payload?.errors?.[0] ?? `HTTP ${res.status}`;
    throw new DriverError(res.status === 400 ? 'invalid' : 'agent-error', message);
  }
  return payload as T;
}

export interface AgentHealthBody {
  status: string;
  instanceId: string;
  version: string;
  tenants: { active: boolean }[];
  resources: { vcpu: number; memoryGb: number; diskGb: number };
}

/**
 * Healthy only when this instance's agent answers 200 with tenants: another
 * process listening on the port (say, after a reboot) is not the instance.
 */
export async function checkHealth(agent: AgentAddress): Promise<InstanceHealth & { body: AgentHealthBody | null }> {
  const checkedAt = Date.now();
  try {
    const res = await fetch(`${agent.baseUrl}/api/health`, { signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) });
    const body = (await res.json().catch(() => null)) as AgentHealthBody | null;
    const ours = body?.instanceId === agent.instanceId;
    const tenants = ours && Array.isArray(body?.tenants) ? body.tenants : [];
    const healthy = res.status === 200 && ours && tenants.length > 0;
    const error = healthy ? null : ours ? `Health check answered ${res.status}` : 'Another process answers on the instance port';
    return { healthy, statusCode: res.status, tenants, version: ours ? (body?.version ?? null) : null, error, checkedAt, body: ours ? body : null };
  } catch (e) {
    return { healthy: false, statusCode: null, tenants: [], version: null, error: (e as Error).message, checkedAt, body: null };
  }
}
