import { notifyError } from '../../../lib/notify';
import { instancesApi } from '../api';

/**
 * Opens the instance in a new tab, signed in through a one-time token (GET
 * …/{id}/jwt). The tab is opened at once, inside the click, and pointed at
 * the login address when the token arrives: a tab opened after an awaited
 * call is no longer tied to the click, and popup blockers refuse it.
 */
export async function openInstance(instanceId: string, failureMessage: string): Promise<boolean> {
  const tab = window.open('about:blank', '_blank');
  try {
    const { loginUrl } = await instancesApi.loginToken(instanceId);
    if (tab) {
      // The instance gets no handle on the console's window.
      tab.opener = null;
      tab.location.href = loginUrl;
    } else {
      window.open(loginUrl, '_blank', 'noopener');
    }
    return true;
  } catch {
    tab?.close();
    notifyError(failureMessage);
    return false;
  }
}
