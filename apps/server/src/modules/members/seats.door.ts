import { accountLimits, MEMBER_MESSAGES } from '@replay/contracts';
import type { Db } from '../../db/client';
import { conflict } from '../../lib/errors';
import { membersRepo } from './members.repo';

/**
 * The one seat rule, for every way a member comes in (an invitation, SCIM's create or
 * reactivation, a just-in-time SSO member): the account's tier (ACCOUNT_LIMITS) bounds its
 * members, joined or invited. Answers why no seat is left, else null. Run in the transaction
 * that adds the member: the account's row stays locked until it ends, so two arrivals at once
 * are counted one after the other.
 */
export async function noSeatLeft(tx: Db, tenantId: string, hasBillingDetails: boolean): Promise<string | null> {
  const seats = accountLimits({ hasBillingDetails, seats: await membersRepo(tx).lockAndCountSeats(tenantId), sites: 0 }).teamMember;
  return seats.remaining === 0 ? MEMBER_MESSAGES.seatLimit(seats.limit) : null;
}

/** The seat rule as the Team answers it: 409 with the limit's words. */
export async function assertSeatFree(tx: Db, tenantId: string, hasBillingDetails: boolean): Promise<void> {
  const full = await noSeatLeft(tx, tenantId, hasBillingDetails);
  if (full) throw conflict(full);
}
