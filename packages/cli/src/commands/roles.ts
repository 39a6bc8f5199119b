import { unwrap } from '@replay/client';
import type { Ctx } from '../context';
import { CliError, EXIT } from '../exit-codes';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A role named by its id, or by its name (case-insensitive) among the account's roles. */
export async function roleIdOf(ctx: Ctx, role: string): Promise<string> {
  if (UUID.test(role)) return role;
  const roles = await unwrap(ctx.client().GET('/api/client/roles'));
  const found = roles.find((r) => r.name.toLowerCase() === role.trim().toLowerCase());
  if (!found) throw new CliError(`No role named "${role}". The account's roles: ${roles.map((r) => r.name).join(', ') || 'none'}.`, EXIT.notFound);
  return found.roleId;
}
