import type { Permission } from './permissions';

/**
 * Which permissions open which console screen ('any of'), spec section 6.
 * The web app hides menu entries and guards routes with it; the server can
 * reuse the same map for its own checks.
 */
export const SCREEN_PERMISSIONS = {
  instances: ['VIEW_INSTANCES', 'EDIT_INSTANCES'],
  instancesCreate: ['EDIT_INSTANCES'],
  activities: ['VIEW_ACTIVITY'],
  members: ['VIEW_MEMBERS', 'EDIT_MEMBERS'],
  roles: ['VIEW_ROLES', 'EDIT_ROLES'],
  billing: ['VIEW_BILLING', 'EDIT_BILLING'],
} as const satisfies Record<string, readonly Permission[]>;
export type Screen = keyof typeof SCREEN_PERMISSIONS;

export type MenuKey = 'instances' | 'activities' | 'members' | 'roles' | 'billing' | 'support';

export interface MenuEntry {
  key: MenuKey;
  /** The visible label, word for word from the spec. */
  label: string;
  /** Where the entry leads; null for Support, which opens the support drawer. */
  path: string | null;
  /** Shown only to holders of any of these; null means everyone signed in. */
  anyOf: readonly Permission[] | null;
}

/** The left menu in order (spec section 2 'Left menu'). */
export const MENU: readonly MenuEntry[] = [
  { key: 'instances', label: 'Instances', path: '/instances', anyOf: SCREEN_PERMISSIONS.instances },
  { key: 'activities', label: 'Activity', path: '/activities', anyOf: SCREEN_PERMISSIONS.activities },
  { key: 'members', label: 'Team', path: '/members', anyOf: SCREEN_PERMISSIONS.members },
  { key: 'roles', label: 'Roles', path: '/roles', anyOf: SCREEN_PERMISSIONS.roles },
  { key: 'billing', label: 'Billing', path: '/billing', anyOf: SCREEN_PERMISSIONS.billing },
  { key: 'support', label: 'Support', path: null, anyOf: null },
];

/** The menu entries a holder of `held` sees. */
export function visibleMenu(held: readonly string[]): MenuEntry[] {
  return MENU.filter((entry) => entry.anyOf === null || entry.anyOf.some((p) => held.includes(p)));
}

export function canOpenScreen(held: readonly string[], screen: Screen): boolean {
  return SCREEN_PERMISSIONS[screen].some((p) => held.includes(p));
}
