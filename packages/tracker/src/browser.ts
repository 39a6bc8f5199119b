/**
 * The script-tag entry: `window.ReplayTracker` is the Tracker class (`new ReplayTracker({...})`),
 * and `ReplayTracker.default` is the same class, as an ESM import's default would be. Loaded by
 * the console's snippet, it replaces the snippet's stand-in at `window.tracker` with a Tracker.
 */
import { Tracker } from './tracker';
import { adoptWaitingTracker } from './waiting-tracker';

const host = window as unknown as { ReplayTracker?: unknown; tracker?: unknown };
if (!host.ReplayTracker) host.ReplayTracker = Object.assign(Tracker, { default: Tracker });
adoptWaitingTracker(host);
