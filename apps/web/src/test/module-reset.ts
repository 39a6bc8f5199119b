import { notifications } from '@mantine/notifications';
import { forgetCaptchaScript } from '../features/auth/captcha';
import { closeLiveStatus } from '../features/instances/live-status/live-status';
import { settleProof } from '../features/mfa/fresh-proof';
import { forgetRecorder } from '../features/session-recorder/tracker';
import { setAuthFailureHandler } from '../lib/api/client';
import { EARLY_SESSION_GLOBAL, dropEarlyReads } from '../lib/api/early-session';
import { tokenStore } from '../lib/api/token-store';

/**
 * The web project shares modules across the files of a worker (vitest.config.ts), so a file ends
 * by putting back what a new page starts with. Each piece of module-level state it resets is
 * named here (module-state.test.ts requires every piece to be here or harmless).
 */
export const RESET_AFTER_EACH_FILE: Record<string, string> = {
  'apps/web/src/features/auth/captcha.ts:scriptLoad': 'forgetCaptchaScript()',
  'apps/web/src/features/instances/live-status/live-status.ts:controller': 'closeLiveStatus()',
  'apps/web/src/features/instances/live-status/live-status.ts:lastEventId': 'closeLiveStatus()',
  'apps/web/src/features/instances/live-status/live-status.ts:lingering': 'closeLiveStatus()',
  'apps/web/src/features/instances/live-status/live-status.ts:state': 'closeLiveStatus()',
  'apps/web/src/features/instances/live-status/live-status.ts:users': 'closeLiveStatus()',
  'apps/web/src/features/instances/live-status/live-position.ts:noted': 'closeLiveStatus() forgets the position',
  'apps/web/src/features/mfa/fresh-proof.ts:pending': 'settleProof(false): a proof still asked for is cancelled',
  'apps/web/src/features/session-recorder/tracker.ts:started': 'forgetRecorder()',
  'apps/web/src/lib/api/client.ts:authFailureHandler': 'the default handler put back',
  'apps/web/src/lib/api/client.ts:timer': 'tokenStore.set(null) stops the renewal timer',
  'apps/web/src/lib/api/token-store.ts:current': 'tokenStore.set(null)',
};

export function resetSharedModules(): void {
  closeLiveStatus();
  forgetCaptchaScript();
  forgetRecorder();
  settleProof(false);
  setAuthFailureHandler(() => tokenStore.set(null))();
  tokenStore.set(null);
  // Mantine's toasts live in its module's store, shown by whichever <Notifications> is mounted next.
  notifications.clean();
  notifications.cleanQueue();
  // What a signed-in page's loader leaves on the window (lib/api/early-session.ts).
  dropEarlyReads();
  Reflect.deleteProperty(globalThis, EARLY_SESSION_GLOBAL);
  // Scripts a test added (captcha, tracker, Stripe) and the tab's title: a new page has neither.
  for (const script of document.querySelectorAll('script')) script.remove();
  document.title = '';
}
