import { SIGNIN_PATH, SSO_LOGIN_PATH } from '@replay/agent-protocol/plain';
import type { AgentConfig } from '@replay/agent-protocol';
import { escape, layout } from './pages.ts';
import type { SessionUser } from './sessions.ts';

/**
 * The sign-in pages of the instance: the password form, the SSO button, and
 * what SSO answers. Their sentences are what tests and the console's docs quote,
 * so they are written here once.
 */

type Sso = NonNullable<AgentConfig['sso']>;

export const passwordOffSentence = (idpName: string): string => `Password sign-in is turned off: this instance signs in through ${idpName}.`;

/** How the user signed in, as the home page says it. */
export function signedInVia(user: SessionUser): string {
  if (user.via === 'sso') return `${user.idp ?? 'the identity provider'} (SSO)`;
  return user.via === 'password' ? 'password' : 'one-time link from the console';
}

export interface SigninView {
  name: string;
  sso: Sso | null;
  /** The email typed, kept when the page answers a failed attempt. */
  email?: string;
  error?: string;
}

export function signinPage(view: SigninView): string {
  const sso = view.sso;
  const button = sso ? `<p><a class="button" href="${SSO_LOGIN_PATH}" data-testid="sso-signin">${escape(`Sign in with ${sso.idpName}`)}</a></p>\n` : '';
  const error = view.error ? `<p role="alert" class="error" data-testid="signin-error">${escape(view.error)}</p>\n` : '';
  const passwords = sso?.enforceSSO
    ? `<p data-testid="password-off">${escape(passwordOffSentence(sso.idpName))}</p>`
    : `<form method="post" action="${SIGNIN_PATH}">
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="username" required value="${escape(view.email ?? '')}">
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>`;
  return layout(`Sign in · ${view.name}`, `<h1>${escape(`Sign in to ${view.name}`)}</h1>\n${error}${button}${passwords}`);
}

export function foreignOriginPage(name: string): string {
  return layout(
    `Refused · ${name}`,
    `<h1>Form refused</h1>
<p data-testid="foreign-origin">This form was sent from another site, so ${escape(name)} refused it. Open the instance's own page and try again.</p>`,
  );
}

export function ssoNotSetUpPage(name: string): string {
  return layout(`Not found · ${name}`, `<h1>Single sign-on is not set up</h1>\n<p data-testid="sso-not-set-up">This instance has no identity provider.</p>`);
}

/** A sign-in (not a test) that SSO refused. */
export function ssoFailedPage(name: string, idpName: string, reason: string): string {
  return layout(
    `Sign-in failed · ${name}`,
    `<h1>Sign-in failed</h1>
<p role="alert" class="error" data-testid="sso-error">${escape(`Sign-in through ${idpName} failed: ${reason}.`)}</p>
<p><a href="${SIGNIN_PATH}">Back to sign-in</a></p>`,
  );
}

/** The console's 'Test sign-in', passed: the browser is not signed in by it. */
export function ssoTestPassedPage(name: string, nameId: string): string {
  return layout(
    `Test sign-in passed · ${name}`,
    `<h1>Test sign-in passed</h1>
<p data-testid="sso-test-result">${escape(`The identity provider signed in ${nameId}. Enforcing SSO can now be switched on in the console.`)}</p>`,
  );
}

export function ssoTestFailedPage(name: string, idpName: string, reason: string): string {
  return layout(
    `Test sign-in failed · ${name}`,
    `<h1>Test sign-in failed</h1>
<p role="alert" class="error" data-testid="sso-test-result">${escape(`Sign-in through ${idpName} failed: ${reason}.`)}</p>`,
  );
}

/** Single logout confirmed by the IdP. */
export function sloDonePage(name: string, idpName: string): string {
  return layout(
    `Signed out · ${name}`,
    `<h1>Signed out</h1>
<p data-testid="slo-done">${escape(`You are signed out of ${name} and of ${idpName}.`)}</p>
<p><a href="${SIGNIN_PATH}">Sign in again</a></p>`,
  );
}

/** The IdP's answer to a LogoutRequest, refused: the local session ended before the browser went to the IdP. */
export function sloFailedPage(name: string, idpName: string, reason: string): string {
  return layout(
    `Sign-out not confirmed · ${name}`,
    `<h1>Sign-out not confirmed</h1>
<p role="alert" class="error" data-testid="slo-error">${escape(`Sign-out through ${idpName} could not be confirmed: ${reason}. You are signed out of this instance.`)}</p>
<p><a href="${SIGNIN_PATH}">Back to sign-in</a></p>`,
  );
}
