import { isTrialAccount, type Account } from '@replay/contracts';

export const TRIAL_ENDED = 'Your free trial has ended.';

/** The header's trial banner: days left, or that the trial has ended; null for paying accounts. */
export function trialBannerText(account: Pick<Account, 'isTrial' | 'remainingTrial' | 'hasBillingDetails'>): string | null {
  if (!isTrialAccount(account)) return null;
  const days = account.remainingTrial;
  if (days <= 0) return TRIAL_ENDED;
  return `Your free trial ends in ${days} ${days === 1 ? 'day' : 'days'}.`;
}
