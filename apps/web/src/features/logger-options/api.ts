import { LOGGER_OPTIONS_MESSAGES, endpoints, type LoggerOptionsBody } from '@replay/contracts';
import { call } from '../../lib/api';
import { accountSettingHooks } from '../../lib/account-setting-hooks';

/** The account's logger options (GET and POST /client/logger-options). */
export const { useSetting: useLoggerOptions, useSave: useSaveLoggerOptions } = accountSettingHooks({
  key: 'logger-options',
  read: (signal) => call(endpoints.loggerOptions, {}, { signal }),
  save: (body: LoggerOptionsBody) => call(endpoints.saveLoggerOptions, { body }),
  messages: LOGGER_OPTIONS_MESSAGES,
});
