import { DEFAULT_SESSION_SETTINGS } from '@replay/contracts';
import { sessionSettings } from '../../db/schema';
import { accountSettingService } from '../account-setting/account-setting.service';

/** The capture part changes what every instance of the account records: only a member who reaches them all may change it. */
export const SESSION_SETTINGS_SCOPE_MESSAGE = 'Session settings apply to every instance of the account: your role must cover all instances to change them.';

/**
 * The account's session settings (spec section 4), an account-wide setting
 * (modules/account-setting): the workflow's config step gives each running instance's agent the
 * capture rate and condition sets of a save, and its display part (time zone, duration filter,
 * mouse trail, skip-to-issue) for the instance's session screens.
 */
export const createSessionSettingsService = accountSettingService({
  table: sessionSettings,
  appliedAs: 'capture',
  defaults: DEFAULT_SESSION_SETTINGS,
  scopeMessage: SESSION_SETTINGS_SCOPE_MESSAGE,
  changed: (settings) => ({
    type: 'session_settings.changed',
    captureRate: settings.captureRate,
    conditionSets: settings.conditionalCapture.length,
    mouseTrail: settings.mouseTrail,
  }),
});

export type SessionSettingsService = ReturnType<typeof createSessionSettingsService>;
