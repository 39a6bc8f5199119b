import { useEffect, useRef } from 'react';
import { TIMINGS_MS } from '@replay/contracts';
import { useSession } from '../../app/session/SessionProvider';
import { usePublicConfig } from '../config/api';
import { startRecorder, type RecorderTracker } from './tracker';

/** Who the recorded session belongs to: the spec's tag is the signed-in user (their email as the id, their user id beside it). */
function tag(tracker: RecorderTracker, user: { email: string; userId: string }): void {
  tracker.setUserID(user.email);
  tracker.setMetadata('userId', user.userId);
}

/**
 * The console records its own users when its operator configured a session recorder (spec section 9:
 * the user is tagged, refreshed every 2 minutes). Off by default: without the public config's
 * `sessionRecorder` nothing is loaded. Renders nothing.
 */
export function SessionRecorder() {
  const { data: config } = usePublicConfig();
  const { status, account } = useSession();
  const recorder = config?.sessionRecorder ?? null;
  // Whether this page tagged someone: signing out then clears the tag (a session still loading is nobody yet).
  const tagged = useRef(false);
  // Tagged by value: a new read of the same account is the same user, and keeps the 2-minute rhythm.
  const email = status === 'authenticated' ? account?.email : undefined;
  const userId = status === 'authenticated' ? account?.userId : undefined;

  useEffect(() => {
    if (!recorder) return;
    let live = true;
    let timer: ReturnType<typeof setInterval> | undefined;
    startRecorder(recorder)
      .then((tracker) => {
        if (!live) return;
        if (email === undefined || userId === undefined) {
          if (tagged.current) tracker.setUserID(null);
          tagged.current = false;
          return;
        }
        const user = { email, userId };
        tag(tracker, user);
        tagged.current = true;
        timer = setInterval(() => tag(tracker, user), TIMINGS_MS.sessionRecorderTag);
      })
      .catch(() => undefined); // the console works the same without its recorder
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [recorder, email, userId]);

  return null;
}
