import { z } from 'zod';

/**
 * The 22 avatar icons (spec section 3): a member may picture themselves with
 * one instead of their initials. Stored by name in the user's row; the web app
 * draws each with the Tabler icon of the same name (`cat` → IconCat).
 */
export const AVATAR_ICONS = [
  'cat',
  'dog',
  'fish',
  'butterfly',
  'feather',
  'leaf',
  'plant',
  'flower',
  'sun',
  'moon',
  'star',
  'cloud',
  'bolt',
  'flame',
  'snowflake',
  'planet',
  'rocket',
  'anchor',
  'compass',
  'mountain',
  'coffee',
  'music',
] as const;
export type AvatarIcon = (typeof AVATAR_ICONS)[number];

export const AVATAR_MESSAGES = {
  unknown: `avatar must be one of the ${AVATAR_ICONS.length} avatar icons, or null for the initials.`,
  saved: 'Avatar updated.',
  failed: 'Failed to update the avatar.',
} as const;

export const avatarIconSchema = z.enum(AVATAR_ICONS, { error: AVATAR_MESSAGES.unknown });

/** POST /account/avatar: the caller's own avatar icon; null goes back to the initials. */
export const avatarUpdateSchema = z.strictObject({ avatar: avatarIconSchema.nullable() }).meta({ examples: [{ avatar: 'rocket' }, { avatar: null }] });
export type AvatarUpdate = z.infer<typeof avatarUpdateSchema>;
