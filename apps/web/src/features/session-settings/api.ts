import { SESSION_SETTINGS_MESSAGES, endpoints, type SessionSettingsBody } from '@replay/contracts';
import { call } from '../../lib/api';
import { accountSettingHooks } from '../../lib/account-setting-hooks';

/** The account's session settings (GET and POST /session-settings). */
export const { useSetting: useSessionSettings, useSave: useSaveSessionSettings } = accountSettingHooks({
  key: 'session-settings',
  read: (signal) => call(endpoints.sessionSettings, {}, { signal }),
  save: (body: SessionSettingsBody) => call(endpoints.saveSessionSettings, { body }),
  messages: SESSION_SETTINGS_MESSAGES,
});
