import { SCIM_MESSAGES, emailSchema, scimBooleanSchema, type ScimPatchOperation, type ScimUserInput } from '@replay/contracts';
import { scimError } from './scim-errors';

/** What a PUT or PATCH changes of a user; `undefined` leaves a field as it is, `null` clears it. */
export interface UserChange {
  email?: string;
  givenName?: string | null;
  familyName?: string | null;
  formatted?: string;
  externalId?: string | null;
  active?: boolean;
}

const text = (what: string, value: unknown, max = 200): string => {
  if (typeof value !== 'string' || value.length > max) throw scimError('validation_failed', 'invalidValue', SCIM_MESSAGES.invalidValue(what));
  return value.trim();
};
const bool = (value: unknown): boolean => {
  const parsed = scimBooleanSchema.safeParse(value);
  if (!parsed.success) throw scimError('validation_failed', 'invalidValue', SCIM_MESSAGES.invalidValue('active'));
  return parsed.data;
};
const email = (value: unknown): string => {
  const parsed = emailSchema.safeParse(value);
  if (!parsed.success) throw scimError('validation_failed', 'invalidValue', SCIM_MESSAGES.invalidValue('userName'));
  return parsed.data;
};

/** The e-mail of an `emails` value: the primary one, else the first. */
function emailOf(value: unknown): string | undefined {
  if (!Array.isArray(value) || !value.length) return undefined;
  const list = value as { value?: unknown; primary?: unknown }[];
  return email((list.find((e) => e.primary === true) ?? list[0])?.value);
}

/** A PUT's whole user as a change (what it leaves out is cleared, as RFC 7644 3.5.1 has it). */
export function changeOfInput(input: ScimUserInput): UserChange {
  const given = input.name?.givenName ?? null;
  const family = input.name?.familyName ?? null;
  const formatted = input.name?.formatted ?? input.displayName ?? ([given, family].filter(Boolean).join(' ') || input.userName);
  return { email: input.userName, givenName: given, familyName: family, formatted, externalId: input.externalId ?? null, ...(input.active !== undefined && { active: input.active }) };
}

/**
 * One attribute of a PATCH, by its path (lower-cased). Attributes the console does not keep
 * (title, locale, phone numbers, enterprise extensions) are ignored, as for a POST: Entra ID
 * sends them with every update, and refusing them would stop its provisioning.
 */
function applyAttribute(change: UserChange, path: string, value: unknown, remove: boolean): void {
  switch (path) {
    case 'active':
      change.active = remove ? false : bool(value);
      return;
    case 'username':
      change.email = email(value);
      return;
    case 'externalid':
      change.externalId = remove ? null : text('externalId', value);
      return;
    case 'displayname':
    case 'name.formatted':
      if (!remove) change.formatted = text('displayName', value);
      return;
    case 'name.givenname':
      change.givenName = remove ? null : text('name.givenName', value, 100);
      return;
    case 'name.familyname':
      change.familyName = remove ? null : text('name.familyName', value, 100);
      return;
    case 'name':
      if (remove || !value || typeof value !== 'object') return;
      for (const [k, v] of Object.entries(value)) applyAttribute(change, `name.${k.toLowerCase()}`, v, false);
      return;
    case 'emails':
      if (!remove) change.email = emailOf(value) ?? change.email;
      return;
    case 'emails[type eq "work"].value':
    case 'emails[primary eq true].value':
      if (!remove) change.email = email(value);
      return;
    default:
      return;
  }
}

/** The change a user's PATCH makes: Okta's value objects and Entra's paths alike. */
export function changeOfPatch(operations: ScimPatchOperation[]): UserChange {
  const change: UserChange = {};
  for (const op of operations) {
    const remove = op.op === 'remove';
    if (op.path) {
      applyAttribute(change, op.path.trim().toLowerCase(), op.value, remove);
      continue;
    }
    if (remove || !op.value || typeof op.value !== 'object' || Array.isArray(op.value)) throw scimError('validation_failed', 'noTarget', SCIM_MESSAGES.invalidPath('(none)'));
    for (const [key, value] of Object.entries(op.value as Record<string, unknown>)) applyAttribute(change, key.toLowerCase(), value, false);
  }
  return change;
}
