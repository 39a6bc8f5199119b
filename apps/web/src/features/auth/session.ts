import type { QueryClient } from '@tanstack/react-query';
import type { Session } from '@replay/contracts';
import { dropEarlyReads, tokenStore } from '../../lib/api';
import { forgetSessionJwt } from './url-params';
import { setCurrentAccount } from '../account/api';
import { publicConfigKeys } from '../config/api';
import { onboardingFlag } from '../onboarding/onboarding-flag';

/** Login, sign-up and reset answer `{ user, jwt }`: keep the account, then the token. */
export function startSession(queryClient: QueryClient, session: Session): void {
  setCurrentAccount(queryClient, session.user);
  tokenStore.set(session.jwt);
}

/** Forget the token and everything read with it (the public config stays). */
export function endSession(queryClient: QueryClient): void {
  tokenStore.set(null);
  dropEarlyReads();
  forgetSessionJwt();
  onboardingFlag.set(false);
  queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== publicConfigKeys.all[0] });
}
