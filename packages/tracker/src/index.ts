/** `import Tracker from '@replay/tracker'`: the ESM entry for npm users. */
import { Tracker } from './tracker';

export { Tracker, TRACKER_VERSION, type TrackerOptions } from './tracker';
export type { LoggerOptions } from './privacy';
export default Tracker;
