import { DEFAULT_LOGGER_OPTIONS } from '@replay/contracts';
import { loggerOptions } from '../../db/schema';
import { accountSettingService } from '../account-setting/account-setting.service';

/** The options change what every instance of the account accepts: only a member who reaches them all may change them. */
export const LOGGER_OPTIONS_SCOPE_MESSAGE = 'Logger options apply to every instance of the account: your role must cover all instances to change them.';

/**
 * The account's logger options (spec section 3's client/tenant loggerOptions), an
 * account-wide setting (modules/account-setting) like the session settings: the workflow's config
 * step gives each running instance's agent the options of a save.
 */
export const createLoggerOptionsService = accountSettingService({
  table: loggerOptions,
  appliedAs: 'logger',
  defaults: DEFAULT_LOGGER_OPTIONS,
  scopeMessage: LOGGER_OPTIONS_SCOPE_MESSAGE,
  changed: (options) => ({
    type: 'logger_options.changed',
    ipRanges: options.ipWhitelist.length,
    domains: options.allowedDomains.length,
    defaultInputMode: options.defaultInputMode,
    obscureEmailData: options.obscureEmailData,
    obscureNumericData: options.obscureNumericData,
  }),
});

export type LoggerOptionsService = ReturnType<typeof createLoggerOptionsService>;
