import { pgTable } from 'drizzle-orm/pg-core';
import type { LoggerOptionsValues } from '@replay/contracts';
import { accountSettingColumns } from './account-setting';

/** The account's logger options (contracts' logger-options.ts); instances' `logger_applied_version` follows its `version`. */
export const loggerOptions = pgTable('logger_options', accountSettingColumns<LoggerOptionsValues>('options'));
