import { pgTable } from 'drizzle-orm/pg-core';
import type { SessionSettingsValues } from '@replay/contracts';
import { accountSettingColumns } from './account-setting';

/** The account's session settings (contracts' session-settings.ts); instances' `capture_applied_version` follows its `version`. */
export const sessionSettings = pgTable('session_settings', accountSettingColumns<SessionSettingsValues>('settings'));
