import { INSTANCE_MESSAGES } from '@replay/contracts';
import { DriverError, type InfrastructureDriver } from '../../../infra/driver';
import { conflict } from '../../../lib/errors';
import type { Principal } from '../../../lib/principal';
import type { InstanceRow } from './instances.repo';

/** The agent's one-time login for the caller on a running instance: its URL, and the token in it. */
export async function instanceLogin(driver: Pick<InfrastructureDriver, 'loginUrl'>, row: InstanceRow, p: Principal): Promise<{ jwt: string; loginUrl: string }> {
  if (row.status !== 'running') throw conflict(INSTANCE_MESSAGES.notRunning);
  const loginUrl = await driver.loginUrl(row.instanceId, { userId: p.userId, name: p.name, email: p.email }).catch((e: unknown) => {
    // Marked running but gone from the infrastructure: the same answer as not running.
    throw e instanceof DriverError && (e.code === 'not-found' || e.code === 'not-running') ? conflict(INSTANCE_MESSAGES.notRunning) : e;
  });
  const jwt = new URL(loginUrl).searchParams.get('token');
  if (!jwt) throw new Error('The driver gave a login URL without a token');
  return { jwt, loginUrl };
}
