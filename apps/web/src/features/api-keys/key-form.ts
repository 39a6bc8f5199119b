import { API_KEY_LIMITS, API_KEY_MESSAGES, DAY_MS, apiKeyExpiryProblem, isIpOrCidr, type Role } from '@replay/contracts';

export interface KeyFormValues {
  name: string;
  roleId: string | null;
  /** yyyy-mm-dd, as the date field gives it. */
  expiresOn: string;
  /** One address or range a line (commas work too). */
  addresses: string;
}
export type KeyFormErrors = Partial<Record<keyof KeyFormValues, string>>;

/** A day as the date field writes it, in UTC. */
export const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The key expires at the start (00:00 UTC) of the chosen day. */
export const expiryOf = (day: string): number => Date.parse(`${day}T00:00:00Z`);

/** The days the field offers: from tomorrow to a year from now, the server's rule. */
export function expiryRange(now: number): { min: string; max: string } {
  return { min: isoDay(now + DAY_MS), max: isoDay(now + 365 * DAY_MS) };
}

export const defaultExpiry = (now: number): string => isoDay(now + 90 * DAY_MS);

export const addressesOf = (text: string): string[] =>
  text
    .split(/[\s,]+/)
    .map((a) => a.trim().toLowerCase())
    .filter(Boolean);

/** The same checks the server makes, so the dialog says what is wrong before sending. */
export function validateKeyForm(values: KeyFormValues, now: number): KeyFormErrors {
  const errors: KeyFormErrors = {};
  if (!values.name.trim()) errors.name = API_KEY_MESSAGES.required;
  else if (values.name.trim().length > API_KEY_LIMITS.name) errors.name = `Must be at most ${API_KEY_LIMITS.name} characters`;
  if (!values.roleId) errors.roleId = API_KEY_MESSAGES.required;
  const expiry = expiryOf(values.expiresOn);
  if (!values.expiresOn || Number.isNaN(expiry)) errors.expiresOn = API_KEY_MESSAGES.required;
  else {
    const problem = apiKeyExpiryProblem(expiry, now);
    if (problem) errors.expiresOn = problem;
  }
  const addresses = addressesOf(values.addresses);
  const bad = addresses.find((a) => !isIpOrCidr(a));
  const twice = addresses.find((a, i) => addresses.indexOf(a) !== i);
  if (bad) errors.addresses = API_KEY_MESSAGES.ip(bad);
  else if (twice) errors.addresses = API_KEY_MESSAGES.duplicate(twice);
  else if (addresses.length > API_KEY_LIMITS.ipEntries) errors.addresses = API_KEY_MESSAGES.tooManyAddresses;
  return errors;
}

/** The roles a member may give a key: those whose every permission they hold (the server also judges instances). */
export const grantableRoles = (roles: readonly Role[], held: readonly string[]): Role[] => roles.filter((r) => r.permissions.every((p) => held.includes(p)));
