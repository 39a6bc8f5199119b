import { sessionRecorderScriptUrl, sessionRecorderIngestUrl, type SessionRecorderConfig } from '@replay/contracts';

/** What the instance's tracker script (`/tracker.js`, served by the agent) puts on the window. */
export interface RecorderTracker {
  start(): void;
  setUserID(id: string | null): void;
  setMetadata(key: string, value: string): void;
}

type TrackerConstructor = new (options: { projectKey: string; ingestPoint: string }) => RecorderTracker;

declare global {
  interface Window {
    ReplayTracker?: TrackerConstructor;
  }
}

let started: Promise<RecorderTracker> | null = null;

/**
 * Loads the tracker from the configured instance (once per page) and starts it. A failed load is
 * forgotten, so a later call tries again; the console works the same without it.
 */
export function startRecorder(config: SessionRecorderConfig): Promise<RecorderTracker> {
  if (!started) {
    started = new Promise<RecorderTracker>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = sessionRecorderScriptUrl(config);
      script.async = true;
      script.onload = () => {
        const Tracker = window.ReplayTracker;
        if (!Tracker) return reject(new Error('The session recorder did not load'));
        const tracker = new Tracker({ projectKey: config.projectKey, ingestPoint: sessionRecorderIngestUrl(config) });
        tracker.start();
        resolve(tracker);
      };
      script.onerror = () => {
        started = null;
        script.remove();
        reject(new Error('The session recorder could not be loaded'));
      };
      document.head.appendChild(script);
    });
  }
  return started;
}

/** Forgets the loaded tracker, as a new page has none: the web tests share this module across files (vitest.config.ts). */
export function forgetRecorder(): void {
  started = null;
}
