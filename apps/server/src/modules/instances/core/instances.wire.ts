import { canSwitchInstance, canUpdateStorage, findRegion, priceFor, storagePrice, type Instance, type InstanceActivity } from '@replay/contracts';
import { ms, msOrNull } from '../../../lib/time';
import type { InstanceRow } from './instances.repo';
import type { instanceActivities } from '../../../db/schema';

/**
 * The columns an instance's answer is made from, and no others: the list's statement selects
 * these (instances.caller-list.ts), so a column added for a workflow step (CORS, SSO,
 * backups…) costs the list nothing until the answer shows it. The type below holds
 * instanceToWire to the list.
 */
export const WIRE_COLUMNS = [
  'instanceId',
  'tenantId',
  'name',
  'status',
  'inProgress',
  'provider',
  'region',
  'size',
  'url',
  'instanceUrl',
  'healthCheckUrl',
  'version',
  'highAvailability',
  'attachGpu',
  'isProtected',
  'createdAt',
  'updatedAt',
  'deletedAt',
  'createdBy',
  'updatedBy',
  'deletedBy',
  'failure',
  'uiFailure',
  'diskSize',
  'storageInProgress',
  'healthy',
  'lastHealthAt',
  'checkingHealth',
  'clientNetworkIssue',
  'resolvedIps',
  'lastStorageUpdateAt',
  'pendingVersion',
  'scheduledVersion',
  'scheduledVersionAt',
] as const satisfies readonly (keyof InstanceRow)[];

/** What instanceToWire reads of an instance: a whole row, or the list's narrower one with its times as epoch milliseconds. */
export type WiredRow = { [K in (typeof WIRE_COLUMNS)[number]]: InstanceRow[K] extends Date | null ? InstanceRow[K] | number : InstanceRow[K] };

/** An instance row as the wire carries it: labels and prices come from the catalogue, so they follow it. */
export function instanceToWire(row: WiredRow): Instance {
  const region = findRegion(row.provider, row.region);
  return {
    instanceId: row.instanceId,
    tenantId: row.tenantId,
    name: row.name,
    status: row.status,
    inProgress: row.inProgress,
    provider: row.provider,
    region: row.region,
    regionLabel: region?.label ?? row.region,
    isoCode: region?.isoCode ?? '',
    size: row.size,
    instanceType: row.size,
    url: row.url,
    instanceUrl: row.instanceUrl,
    healthCheckUrl: row.healthCheckUrl,
    version: row.version,
    highAvailability: row.highAvailability,
    attachGpu: row.attachGpu,
    isProtected: row.isProtected,
    createdAt: ms(row.createdAt),
    updatedAt: ms(row.updatedAt),
    deletedAt: msOrNull(row.deletedAt),
    createdBy: row.createdBy,
    updatedBy: row.updatedBy,
    deletedBy: row.deletedBy,
    failure: row.failure,
    uiFailure: row.uiFailure,
    diskSize: row.diskSize,
    storageInProgress: row.storageInProgress,
    healthy: row.healthy,
    lastHealthAt: msOrNull(row.lastHealthAt),
    checkingHealth: row.checkingHealth,
    clientNetworkIssue: row.clientNetworkIssue,
    resolvedIps: row.resolvedIps,
    pricingDetails: region ? priceFor(row.provider, row.region, row.size) : { monthlyPrice: 0, hourlyPrice: 0 },
    storagePrice: region ? storagePrice(row.provider, row.region, row.diskSize) : { price: 0, monthly: 0, hourly: 0 },
    canUpdateStorage: canUpdateStorage(row),
    canSwitchInstance: canSwitchInstance(row),
    lastStorageUpdateAt: msOrNull(row.lastStorageUpdateAt),
    pendingVersion: row.pendingVersion,
    scheduledUpgrade: scheduledUpgradeOf(row),
  };
}

/** The upgrade waiting for the maintenance window; a terminated instance's never runs, so it shows none. */
function scheduledUpgradeOf(row: WiredRow): Instance['scheduledUpgrade'] {
  if (row.scheduledVersion === null || row.scheduledVersionAt === null || row.status === 'terminated') return null;
  return { version: row.scheduledVersion, at: ms(row.scheduledVersionAt) };
}

export function activityToWire(row: typeof instanceActivities.$inferSelect): InstanceActivity {
  return {
    activityId: row.activityId,
    instanceId: row.instanceId,
    userId: row.userId,
    userName: row.userName,
    action: row.action,
    status: row.status,
    comments: row.comments,
    createdAt: ms(row.createdAt),
  };
}
