import { SIGNIN_PATH } from '@replay/agent-protocol/plain';
import { fromOwnPage, readForm } from './forms.ts';
import { sendHome } from './home.ts';
import { sendHtml } from './http.ts';
import { clientAddress } from './ingest-limiter.ts';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, emailKey } from './passwords.ts';
import { signedInUser, startSession } from './sessions.ts';
import { foreignOriginPage, signinPage } from './signin-pages.ts';
import type { Handler } from './state.ts';

/** Where the home page's password form posts; the agent's own page, so not part of the protocol. */
export const PASSWORD_PATH = '/password';
/** An email and a password, with room to spare. */
const MAX_FORM = 16 * 1024;

const characters = (text: string) => [...text].length;

export const signinRoutes: Record<string, Handler> = {
  [`GET ${SIGNIN_PATH}`]: (_req, res, _url, state) => sendHtml(res, 200, signinPage({ name: state.settings.name, sso: state.config.sso })),

  [`POST ${SIGNIN_PATH}`]: async (req, res, _url, state) => {
    const { name } = state.settings;
    if (!fromOwnPage(req, state)) return sendHtml(res, 403, foreignOriginPage(name));
    const sso = state.config.sso;
    // The sign-in page then says why, in the sentence the console quotes.
    if (sso?.enforceSSO) return sendHtml(res, 403, signinPage({ name, sso }));
    const client = clientAddress(req.socket.remoteAddress);
    const waitMs = state.signinFailures.retryAfterMs(client, state.now());
    if (waitMs > 0) {
      const minutes = Math.ceil(waitMs / 60_000);
      const error = `Too many failed sign-ins from your address. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
      return sendHtml(res, 429, signinPage({ name, sso, error }), { 'Retry-After': String(Math.ceil(waitMs / 1000)) });
    }
    const form = await readForm(req, MAX_FORM);
    const email = (form.get('email') ?? '').trim();
    const user = email ? await state.passwords.verify(email, form.get('password') ?? '') : null;
    if (!user) {
      state.signinFailures.fail(client, state.now());
      return sendHtml(res, 401, signinPage({ name, sso, email, error: 'Wrong email or password.' }));
    }
    startSession(res, state, { sub: `password:${user.email}`, email: user.email, name: user.name, via: 'password' });
  },

  /** A signed-in user (any way) sets their own password: the account is their email. */
  [`POST ${PASSWORD_PATH}`]: async (req, res, _url, state) => {
    if (!fromOwnPage(req, state)) return sendHtml(res, 403, foreignOriginPage(state.settings.name));
    const user = signedInUser(req, state);
    if (!user) return sendHtml(res, 401, signinPage({ name: state.settings.name, sso: state.config.sso, error: 'Sign in first, then set your password.' }));
    const password = (await readForm(req, MAX_FORM)).get('password') ?? '';
    let error: string | null = null;
    if (!user.email) error = 'Your sign-in carries no email address, so no password can be set for it.';
    else if (characters(password) < MIN_PASSWORD_LENGTH) error = `The password must be at least ${MIN_PASSWORD_LENGTH} characters.`;
    else if (password.length > MAX_PASSWORD_LENGTH) error = `The password must be at most ${MAX_PASSWORD_LENGTH} characters.`;
    if (error || !user.email) return sendHome(req, res, state, 400, { error: error ?? '' });
    await state.passwords.setPassword(emailKey(user.email), password, state.now(), user.name);
    // Post/redirect/get: reloading the page that says "saved" does not send the password again.
    res.writeHead(303, { Location: '/?password=saved', 'Cache-Control': 'no-store' });
    res.end();
  },
};
