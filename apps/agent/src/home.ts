import type { IncomingMessage, ServerResponse } from 'node:http';
import { trackerOf } from '@replay/agent-protocol/plain';
import { listRecordings } from './data.ts';
import { sendHtml } from './http.ts';
import { homePage, type HomeView } from './pages.ts';
import { signedInUser } from './sessions.ts';
import { signedInVia } from './signin-pages.ts';
import type { AgentState } from './state.ts';

/** How many of the newest recordings the home page lists. */
const HOME_RECORDINGS = 50;

/** The home page for whoever asks; `password` is the answer to the password form, shown on the same page. */
export async function sendHome(req: IncomingMessage, res: ServerResponse, state: AgentState, status = 200, password?: HomeView['password']): Promise<void> {
  const { name, instanceId, version, tenantName } = state.settings;
  const user = signedInUser(req, state);
  const recordings = user ? listRecordings(state.storage, HOME_RECORDINGS) : [];
  const view: HomeView = { name, instanceId, version, tracker: trackerOf(version), tenantName, user, recordings, password };
  if (user) {
    view.signedInVia = signedInVia(user);
    view.breakGlassNote = user.via === 'console' && state.config.sso?.enforceSSO === true;
  }
  sendHtml(res, status, homePage(view));
}
