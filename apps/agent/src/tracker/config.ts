import type { TrackerConfigAnswer } from '@replay/agent-protocol';
import { TRACKER_CONFIG_PATH } from '@replay/agent-protocol/plain';
import { trackerCapture } from '../capture.ts';
import { HttpError, answerPreflight, applyCors, sendJson } from '../http.ts';
import { ingestOrigins, requireProjectKey } from '../ingest.ts';
import { clientAddress } from '../ingest-limiter.ts';
import type { Handler } from '../state.ts';

/**
 * What a tracker applies in the browser before anything leaves the page: the tenant's logger
 * options that decide what of the page is kept (spec section 3: defaultInputMode 0 plain,
 * 1 obscured, 2 ignored; obscureEmailData; obscureNumericData), and the capture settings that
 * decide whether the session is recorded at all (capture.ts). Under the ingest's rules: a
 * project key of the instance's, from an origin its CORS configuration allows, from an address
 * the options' ipWhitelist allows, within its request rate. The agent masks again at ingest (logger.ts), so a tracker
 * that skips this stores nothing more.
 */
export const trackerConfigRoutes: Record<string, Handler> = {
  [`OPTIONS ${TRACKER_CONFIG_PATH}`]: (req, res, _url, state) => answerPreflight(res, applyCors(res, req.headers.origin, ingestOrigins(state)), 'GET'),
  [`GET ${TRACKER_CONFIG_PATH}`]: (req, res, _url, state) => {
    const origin = req.headers.origin;
    if (!applyCors(res, origin, ingestOrigins(state)) && origin !== undefined) throw new HttpError(403, `Origin ${origin} is not allowed`);
    state.logger.admitClient(state.config.logger, req.socket.remoteAddress);
    // Charged to the client's request bucket like a batch: a stranger's guesses cost a lookup and a hash, then 429.
    state.limiter.clientRequest(clientAddress(req.socket.remoteAddress));
    requireProjectKey(req, state);
    const logger = state.config.logger;
    res.setHeader('Cache-Control', 'no-store');
    sendJson(res, 200, {
      defaultInputMode: logger?.defaultInputMode ?? 0,
      obscureEmailData: logger?.obscureEmailData ?? false,
      obscureNumericData: logger?.obscureNumericData ?? false,
      capture: trackerCapture(state.config.capture),
    } satisfies TrackerConfigAnswer);
  },
};
