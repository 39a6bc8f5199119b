/** `npm run bench`: every benchmark, figures printed for the closing note. */
import { benchLoginBundle } from './bundle-size';
import { benchStartup } from './startup';

const startup = await benchStartup();
console.log(`start-up: fresh data folder ${startup.freshMs} ms, existing data folder ${startup.existingMs} ms (median)`);
const bundle = await benchLoginBundle();
console.log(`JS+CSS loaded for /login: ${(bundle.totalGzip / 1024).toFixed(1)} kB gzip (target ≤ 200 kB)`);
