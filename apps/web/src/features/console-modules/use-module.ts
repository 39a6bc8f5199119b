import { isModuleOn, type ConsoleModuleKey } from '@replay/contracts';
import { useAccount } from '../../app/session/SessionProvider';

/** Whether the account shows the module (it is on unless its key is in `settings.modules`). */
export function useModuleOn(key: ConsoleModuleKey): boolean {
  return isModuleOn(useAccount().settings, key);
}
