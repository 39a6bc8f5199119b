import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications, users } from '../../db/schema';
import type { AccessClaims } from '../../lib/access-token';
import { principalOfRow, selectPrincipal, type Principal } from '../../lib/principal';

/**
 * The caller and their unread count in one statement (the bell asks every 30 s from every
 * open console): the count is a subquery on the caller's row, read from the partial index
 * of unread notifications alone. One round trip instead of the guard's read and then the count's.
 */
const unreadOfCaller = sql<number>`(select count(*)::int from ${notifications}
  where ${notifications.recipientId} = ${users.id} and ${notifications.tenantId} = ${users.tenantId} and ${notifications.viewedAt} is null)`;

const prepare = (db: Db) => selectPrincipal(db, { unread: unreadOfCaller }).prepare('notification_count_caller');
const statements = new WeakMap<Db, ReturnType<typeof prepare>>();

export async function unreadCountWithCaller(db: Db, claims: AccessClaims): Promise<{ caller: Principal | null; count: number }> {
  let statement = statements.get(db);
  if (!statement) statements.set(db, (statement = prepare(db)));
  const [row] = await statement.execute({ ...claims });
  return { caller: principalOfRow(row, claims.sessionId), count: Number(row?.unread ?? 0) };
}
