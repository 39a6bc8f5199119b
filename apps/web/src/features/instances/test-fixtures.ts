import { instanceDetailsSchema, priceFor, storagePrice, type InstanceDetails } from '@replay/contracts';

/**
 * When every fixture instance last changed, unless given: one instant for all, so two fixtures of one instance
 * tie, and the later written is shown (the screens keep the state the server changed last, later.ts).
 */
const CHANGED_AT = Date.now() - 60 * 60_000;

/**
 * A valid instance (checked against the contract): running and healthy, created an hour ago, unless overridden.
 * As GET …/{id} answers it (with its latest events, none unless given); a list's parse drops them.
 */
export function makeInstance(overrides: Partial<InstanceDetails> = {}): InstanceDetails {
  const now = Date.now();
  return instanceDetailsSchema.parse({
    instanceId: 'ins_1',
    tenantId: 'ten_1',
    name: 'Production',
    status: 'running',
    inProgress: false,
    provider: 'aws',
    region: 'us-east-1',
    regionLabel: 'US East (N. Virginia)',
    isoCode: 'US',
    size: 'small',
    instanceType: 'small',
    url: 'production',
    instanceUrl: 'http://localhost:4101',
    healthCheckUrl: 'http://localhost:4101/api/health',
    version: '1.21',
    highAvailability: false,
    attachGpu: false,
    isProtected: false,
    createdAt: now - 60 * 60_000,
    updatedAt: CHANGED_AT,
    deletedAt: null,
    createdBy: 'usr_1',
    updatedBy: 'usr_1',
    deletedBy: null,
    failure: null,
    uiFailure: null,
    diskSize: 120,
    storageInProgress: false,
    healthy: true,
    lastHealthAt: now - 10_000,
    checkingHealth: false,
    clientNetworkIssue: false,
    resolvedIps: [],
    pricingDetails: priceFor('aws', 'us-east-1', 'small'),
    storagePrice: storagePrice('aws', 'us-east-1', 120),
    canUpdateStorage: true,
    canSwitchInstance: true,
    latestEvents: [],
    ...overrides,
  });
}

/** The agent's health answer: 200 with its tenants, which name nobody (anyone may ask). */
export const agentHealth = { status: 'ok', instanceId: 'ins_1', version: '1.21', tenants: [{ active: true }], resources: { vcpu: 2, memoryGb: 8, diskGb: 120 } };

type FetchStub = { fetch: { mock: { calls: unknown[][] } } };

/** The query of every call to `path` (the fetch stub keys answers by path alone). */
export function queriesTo(stub: FetchStub, path: string): Record<string, string>[] {
  return stub.fetch.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((u) => u.pathname === path)
    .map((u) => Object.fromEntries(u.searchParams));
}

/** One request header of every call to `method path`. */
export function headerOf(stub: FetchStub, method: string, path: string, header: string): (string | null)[] {
  return stub.fetch.mock.calls
    .filter(([input, init]) => new URL(String(input), 'http://localhost').pathname === path && ((init as RequestInit | undefined)?.method ?? 'GET') === method)
    .map(([, init]) => new Headers((init as RequestInit | undefined)?.headers).get(header));
}
