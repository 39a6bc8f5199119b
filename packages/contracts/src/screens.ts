import type { Guard, Permission } from './permissions';

/**
 * The one permission table (spec section 6; its exact map is "not shown", so
 * this is the decision): which permissions ('any of') open each console screen
 * and each write action inside it. The web app hides menu entries, buttons and
 * screens with it; the server takes its route guards from the same entries
 * (`guardFor`), so the two cannot disagree.
 *
 * | key             | any of                            | used for                                   |
 * |-----------------|-----------------------------------|--------------------------------------------|
 * | instances       | VIEW_INSTANCES, EDIT_INSTANCES    | Instances menu, list and details           |
 * | instancesCreate | EDIT_INSTANCES                    | Create Instance screen and call            |
 * | instancesEdit   | EDIT_INSTANCES                    | every instance change (actions, config…)   |
 * | activities      | VIEW_ACTIVITY                     | Activity menu and screen                   |
 * | audit           | VIEW_ACTIVITY                     | audit trail (settings) and /trails calls   |
 * | members         | VIEW_MEMBERS, EDIT_MEMBERS        | Team menu, member list and details         |
 * | membersEdit     | EDIT_MEMBERS                      | invite, edit, remove, new invitation link  |
 * | roles           | VIEW_ROLES, EDIT_ROLES            | Roles menu, role list and details          |
 * | rolesEdit       | EDIT_ROLES                        | Create Role, edit and delete roles         |
 * | billing         | VIEW_BILLING, EDIT_BILLING        | Billing menu, cards, invoices, utilization |
 * | billingEdit     | EDIT_BILLING                      | saving billing details                     |
 * | integrations    | EDIT_INSTANCES                    | webhooks (settings) and their calls        |
 * | sso             | EDIT_MEMBERS                      | single sign-on (settings), owner only      |
 *
 * The audit trail needs VIEW_ACTIVITY: it is the activity family (who did what,
 * when), and the spec gives it no permission of its own. The role list (GET
 * /client/roles) also admits membersEdit holders, because the invite form
 * offers the roles to choose from; one role's details stay with 'roles'.
 * Webhooks need EDIT_INSTANCES: a webhook sends the account's events to an
 * address outside the console, as strong a change as any instance change; which
 * events it may carry is judged by family when it is saved (contracts' webhooks.ts).
 * Single sign-on needs EDIT_MEMBERS (a connection decides who becomes a member), and its
 * calls then answer only the account's owner: who may sign in, and whether passwords still
 * work, is the owner's choice (issue 45).
 * Routes guarded 'authenticated' (account, limits, modules) need none of these.
 */
export const SCREEN_PERMISSIONS = {
  instances: ['VIEW_INSTANCES', 'EDIT_INSTANCES'],
  instancesCreate: ['EDIT_INSTANCES'],
  instancesEdit: ['EDIT_INSTANCES'],
  activities: ['VIEW_ACTIVITY'],
  audit: ['VIEW_ACTIVITY'],
  members: ['VIEW_MEMBERS', 'EDIT_MEMBERS'],
  membersEdit: ['EDIT_MEMBERS'],
  roles: ['VIEW_ROLES', 'EDIT_ROLES'],
  rolesEdit: ['EDIT_ROLES'],
  billing: ['VIEW_BILLING', 'EDIT_BILLING'],
  billingEdit: ['EDIT_BILLING'],
  integrations: ['EDIT_INSTANCES'],
  sso: ['EDIT_MEMBERS'],
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

/** A server route guard straight from the table: holders of any of the entry's permissions. */
export function guardFor(...screens: Screen[]): Guard {
  return { anyOf: [...new Set(screens.flatMap((s) => SCREEN_PERMISSIONS[s]))] };
}
