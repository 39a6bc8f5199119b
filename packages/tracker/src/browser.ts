/**
 * The script-tag entry: `window.ReplayTracker` is the Tracker class (`new ReplayTracker({...})`),
 * and `ReplayTracker.default` is the same class, as an ESM import's default would be.
 */
import { Tracker } from './tracker';

const host = window as unknown as { ReplayTracker?: unknown };
if (!host.ReplayTracker) host.ReplayTracker = Object.assign(Tracker, { default: Tracker });
