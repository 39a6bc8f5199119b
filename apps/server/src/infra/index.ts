import { join } from 'node:path';
import type { Env } from '../config/env';
import type { InfrastructureDriver } from './driver';
import { LocalDriver } from './local-driver';
import { versionRegistryOf } from './versions';

export * from './driver';
export { LocalDriver } from './local-driver';
export { versionRegistry, versionRegistryOf, type VersionRegistry } from './versions';

/** The driver for this console: the local one, with instance folders under `${DATA_DIR}/instances`. */
export function createInfrastructureDriver(env: Pick<Env, 'DATA_DIR' | 'publicUrl' | 'EXTRA_VERSIONS' | 'NEW_INSTANCE_VERSION'>): InfrastructureDriver {
  return new LocalDriver({ root: join(env.DATA_DIR, 'instances'), consoleOrigin: new URL(env.publicUrl).origin, versions: versionRegistryOf(env) });
}
