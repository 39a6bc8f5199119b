import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import {
  HEALTH_CALL,
  INGEST_CORS,
  INGEST_PATH,
  LOGIN_PATH,
  TOKEN_ALGORITHM,
  TOKEN_ISSUER,
  agentErrorSchema,
  type AgentCall,
  type AgentHealth,
  type AnswerOf,
  type BodyOf,
  type ConsoleTokenScope,
} from '@replay/agent-protocol';
import { DriverError, type CorsPreflight, type InstanceHealth, type InstanceUser } from './driver';

/**
 * The console's side of the agent protocol (packages/agent-protocol), for any
 * driver that runs agents: it signs the protocol's tokens, sends its calls and
 * checks every answer against the call's schema, so an agent that answers
 * something else is an error here rather than a wrong value further on.
 */

const ADMIN_TOKEN_SECONDS = 60;
const LOGIN_TOKEN_SECONDS = 60;
const REQUEST_TIMEOUT_MS = 5_000;
const HEALTH_TIMEOUT_MS = 2_000;

export interface AgentAddress {
  instanceId: string;
  /** Where the console reaches the agent (the local driver: the loopback address, whatever `localhost` resolves to first). */
  baseUrl: string;
  secret: string;
}

async function sign(agent: AgentAddress, scope: ConsoleTokenScope, seconds: number, claims: Record<string, unknown> = {}): Promise<string> {
  const iat = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...claims, scope })
    .setProtectedHeader({ alg: TOKEN_ALGORITHM, typ: 'JWT' })
    .setIssuer(TOKEN_ISSUER)
    .setAudience(agent.instanceId)
    .setJti(randomUUID())
    .setIssuedAt(iat)
    .setExpirationTime(iat + seconds)
    .sign(new TextEncoder().encode(agent.secret));
}

/** The URL on `instanceUrl` (where users open the instance) that signs `user` in once; its token expires within a minute. */
export async function loginUrl(agent: AgentAddress, instanceUrl: string, user: InstanceUser): Promise<string> {
  const token = await sign(agent, 'login', LOGIN_TOKEN_SECONDS, { sub: user.userId, name: user.name, email: user.email });
  return `${instanceUrl}${LOGIN_PATH}?token=${encodeURIComponent(token)}`;
}

/**
 * One of the protocol's admin calls (stats are one: the agent shows them to
 * the console only). The agent's refusals (`{ errors: [...] }`) become
 * DriverErrors, a 400 as `invalid`; an answer outside the call's schema is an
 * `agent-error`.
 */
export async function callAgent<C extends AgentCall>(agent: AgentAddress, call: C, ...args: C['body'] extends null ? [] : [body: BodyOf<C>]): Promise<AnswerOf<C>> {
  const body: unknown = args[0];
  const headers: Record<string, string> = { Authorization: `Bearer ${await sign(agent, 'admin', ADMIN_TOKEN_SECONDS)}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(`${agent.baseUrl}${call.path}`, {
      method: call.method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (e) {
    throw new DriverError('not-running', `Instance ${agent.instanceId} did not answer: ${(e as Error).message}`);
  }
  const payload: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const refusal = agentErrorSchema.safeParse(payload);
    throw new DriverError(res.status === 400 ? 'invalid' : 'agent-error', refusal.success ? refusal.data.errors[0]! : `HTTP ${res.status}`);
  }
  const answer = call.answer.safeParse(payload);
  if (!answer.success) {
    throw new DriverError('agent-error', `Instance ${agent.instanceId} answered ${call.method} ${call.path} outside the protocol: ${answer.error.issues[0]?.message}`);
  }
  return answer.data as AnswerOf<C>;
}

/** The answer of an instance whose health could not be asked. */
export function unhealthy(error: string, checkedAt: number): InstanceHealth {
  return { healthy: false, statusCode: null, tenants: [], version: null, error, checkedAt };
}

/**
 * Healthy only when this instance's agent answers 200 with tenants, as the
 * protocol says: another process listening on the port (say, after a reboot)
 * is not the instance.
 */
export async function checkHealth(agent: AgentAddress): Promise<InstanceHealth & { body: AgentHealth | null }> {
  const checkedAt = Date.now();
  try {
    const res = await fetch(`${agent.baseUrl}${HEALTH_CALL.path}`, { method: HEALTH_CALL.method, signal: AbortSignal.timeout(HEALTH_TIMEOUT_MS) });
    const parsed = HEALTH_CALL.answer.safeParse(await res.json().catch(() => null));
    const body = parsed.success && parsed.data.instanceId === agent.instanceId ? parsed.data : null;
    const tenants = body?.tenants ?? [];
    const healthy = res.status === 200 && body !== null && tenants.length > 0;
    const error = healthy ? null : body ? `Health check answered ${res.status}` : 'Another process answers on the instance port';
    return { healthy, statusCode: res.status, tenants, version: body?.version ?? null, error, checkedAt, body };
  } catch (e) {
    return { ...unhealthy((e as Error).message, checkedAt), body: null };
  }
}

/**
 * The preflight a browser sends before a tracker on `origin` posts events: the agent's
 * answer, as the browser reads it. Asked as a browser would, but with the console's admin
 * token: it lets the question past the instance's network access list (which a member's
 * browser meets on its own), and a preflight's answer never depends on credentials.
 */
export async function preflight(agent: AgentAddress, origin: string): Promise<CorsPreflight> {
  let res: Response;
  try {
    res = await fetch(`${agent.baseUrl}${INGEST_PATH}`, {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': INGEST_CORS.allowMethods,
        'Access-Control-Request-Headers': 'content-type, authorization',
        Authorization: `Bearer ${await sign(agent, 'admin', ADMIN_TOKEN_SECONDS)}`,
      },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (e) {
    throw new DriverError('not-running', `Instance ${agent.instanceId} did not answer: ${(e as Error).message}`);
  }
  await res.arrayBuffer().catch(() => undefined);
  const header = (name: string) => res.headers.get(name);
  return { status: res.status, allowOrigin: header('access-control-allow-origin'), allowMethods: header('access-control-allow-methods'), allowHeaders: header('access-control-allow-headers') };
}
