import { z } from 'zod';

/**
 * The console's optional modules (spec: the /client/modules tab, `settings.modules`,
 * POST /users/modules). A team may switch each of these off for the whole account;
 * everything else in the console is its core and always shows.
 *
 * `settings.modules` lists the modules switched OFF, as in the product the spec derives
 * from: a key present means the module is hidden. A new account has `[]`, so every
 * module is on, and a module added to this catalogue later is on for everyone until a
 * team switches it off. The toggle follows the spec's rule word for word (section 4):
 * the key is added if absent, removed if present (`toggleModule`).
 *
 * A module switched off is a view choice, not a permission: the console hides its menu
 * entries, links and checklist, and its screens show the 'module switched off' panel,
 * while the API keeps answering. The one exception is the weekly report, which is mail,
 * not a view: switched off, no report is mailed to anyone in the account (their own
 * opt-in is kept for when it is switched on again).
 */
export const CONSOLE_MODULES = [
  {
    key: 'alerts',
    label: 'Alert rules',
    description: 'Rules on an instance’s CPU, memory, disk and health that notify the team when they fire.',
  },
  {
    key: 'errors',
    label: 'JavaScript errors',
    description: 'The errors view of each running instance: JavaScript errors recorded in sessions, with their stack traces.',
  },
  {
    key: 'webhooks',
    label: 'Webhooks',
    description: 'Endpoints of your own that receive the account’s events, managed in the settings’ Webhooks tab.',
  },
  {
    key: 'getting-started',
    label: 'Getting started',
    description: 'The getting-started checklist on the instances list and its onboarding steps.',
  },
  {
    key: 'weekly-report',
    label: 'Weekly report',
    description: 'The weekly summary mail members may opt in to on their profile. Switched off, no report is mailed.',
  },
] as const;

export type ConsoleModule = (typeof CONSOLE_MODULES)[number];
export type ConsoleModuleKey = ConsoleModule['key'];
export const CONSOLE_MODULE_KEYS = CONSOLE_MODULES.map((m) => m.key) as [ConsoleModuleKey, ...ConsoleModuleKey[]];

export const MODULE_MESSAGES = {
  unknown: `Unknown module. Modules are: ${CONSOLE_MODULE_KEYS.join(', ')}.`,
  adminOnly: 'Only an admin can change the modules of the account.',
  switchedOff: (label: string) => `The ${label} module is switched off for this account.`,
} as const;

/** POST /users/modules: the key of the one module to switch (on if it was off, off if it was on). */
export const moduleToggleSchema = z.strictObject({ module: z.enum(CONSOLE_MODULE_KEYS, { error: MODULE_MESSAGES.unknown }) }).meta({ examples: [{ module: 'alerts' }] });
export type ModuleToggle = z.infer<typeof moduleToggleSchema>;

/** The account's settings (Account.settings): `modules` lists the keys of the modules switched off. */
export const accountSettingsSchema = z.object({ modules: z.array(z.string()) });
export type AccountSettings = z.infer<typeof accountSettingsSchema>;

/** The same toggle the session state applies (spec section 4, 'Module toggle'): added if absent, removed if present. */
export function toggleModule(modules: readonly string[], key: string): string[] {
  return modules.includes(key) ? modules.filter((m) => m !== key) : [...modules, key];
}

/** Whether the module shows: on unless its key is in the account's `settings.modules`. */
export function isModuleOn(settings: { modules: readonly string[] }, key: ConsoleModuleKey): boolean {
  return !settings.modules.includes(key);
}

/** Keys of the catalogue only, in the order stored: a key written before the catalogue existed means nothing. */
export function knownModules(modules: readonly string[]): string[] {
  return modules.filter((m): m is ConsoleModuleKey => (CONSOLE_MODULE_KEYS as readonly string[]).includes(m));
}

export function consoleModule(key: ConsoleModuleKey): ConsoleModule {
  return CONSOLE_MODULES.find((m) => m.key === key)!;
}
