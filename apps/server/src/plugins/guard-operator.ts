import { createHash, timingSafeEqual } from 'node:crypto';
import { SUPPORT_MESSAGES } from '@replay/contracts';
import { unauthorized } from '../lib/errors';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/**
 * An operator's call (guard 'operator'): the Bearer token must be the console's OPERATOR_TOKEN,
 * compared in constant time (both sides hashed first, so their lengths say nothing). No member's
 * session or API key is ever an operator; with no OPERATOR_TOKEN set the operator API is off and
 * every call is 401. The token is never logged (the request log redacts Authorization).
 */
export function admitOperator(token: string | null, operatorToken: string | undefined): void {
  if (!operatorToken) throw unauthorized(SUPPORT_MESSAGES.operatorOff);
  if (!token || !timingSafeEqual(digest(token), digest(operatorToken))) throw unauthorized(SUPPORT_MESSAGES.operatorOnly);
}
