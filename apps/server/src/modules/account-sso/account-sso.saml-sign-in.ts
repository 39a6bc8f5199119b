import { ACCOUNT_SSO_MESSAGES } from '@replay/contracts';
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { hashToken, newSecretToken } from '../../lib/ids';
import { openSealed, seal, type SealKey } from '../../lib/seal';
import { accountSsoRepo, type ConnectionRow } from './account-sso.repo';
import { samlSigningOf } from './account-sso.service';
import { ssoSignInsRepo, type SignInRow } from './account-sso.sign-ins-repo';
import type { IdpIdentity } from './account-sso.oidc';
import type { SamlClient, SamlIdpSettings } from './account-sso.saml';
import type { Clock } from '../../lib/time';

/** The SAML URL the console continues at after its ACS, on its own origin (where the binding cookie is sent). */
export const SAML_CONTINUE_PATH = '/sso/saml/continue';

export interface SamlSignInDeps {
  db: Db;
  clock: Clock;
  sealKey: SealKey;
  saml: SamlClient;
  /** Private and plain-http IdPs allowed (SSO_ALLOW_PRIVATE_IDPS): otherwise the IdP's addresses must be https. */
  allowPrivate: boolean;
  publicUrl: string;
}

/** What the ACS found, kept sealed in the sign-in's row for the GET that checks the binding cookie. */
interface Outcome {
  who: IdpIdentity | null;
  error: string | null;
}

/** The IdP as the owner saved it. */
export function samlIdpOf(row: ConnectionRow): SamlIdpSettings {
  return { entryPoint: row.samlEntryPoint ?? '', logoutUrl: row.samlLogoutUrl, certPem: row.samlIdpCert ?? '', entityId: row.samlIdpEntityId ?? '' };
}

function httpsOrAllowed(deps: Pick<SamlSignInDeps, 'allowPrivate'>, url: string | null): boolean {
  if (!url) return true;
  return url.startsWith('https://') || (deps.allowPrivate && url.startsWith('http://'));
}

/**
 * The AuthnRequest, signed with the connection's key: the browser goes to the IdP with it; RelayState is the sign-in's state (a
 * secret whose hash finds the row again), and the request's id is kept for InResponseTo. The
 * console never calls the IdP itself, so no SSRF guard is in the way; the addresses must still be
 * https unless private IdPs are allowed, as OIDC's.
 */
export async function startSaml(deps: Pick<SamlSignInDeps, 'saml' | 'allowPrivate' | 'sealKey'>, row: ConnectionRow): Promise<{ redirectUrl: string; state: string; samlRequestId: string }> {
  const idp = samlIdpOf(row);
  if (!httpsOrAllowed(deps, idp.entryPoint) || !httpsOrAllowed(deps, idp.logoutUrl)) throw badRequest(ACCOUNT_SSO_MESSAGES.idpRefused);
  const started = await deps.saml.start(idp, newSecretToken(), samlSigningOf(deps.sealKey, row)).catch(() => {
    throw badRequest(ACCOUNT_SSO_MESSAGES.idpUnreachable);
  });
  return { redirectUrl: started.redirectUrl, state: started.state, samlRequestId: started.requestId };
}

/** A refusal in words the owner's test shows: node-saml's own message, never the XML. */
function refusal(e: unknown): string {
  return `${ACCOUNT_SSO_MESSAGES.signInFailed} ${e instanceof Error ? e.message : ''}`.trim().slice(0, 500);
}

/**
 * The IdP's POST to the ACS, cross-site (no Lax cookie comes with it): the row RelayState names
 * is claimed once, the Response checked against the AuthnRequest that row keeps (InResponseTo,
 * signature, issuer, audience, Recipient, Destination), and the outcome sealed in the row. Where
 * to send the browser: the same-origin GET, which checks the binding cookie before anything counts.
 */
export async function samlAcs(deps: SamlSignInDeps, form: { SAMLResponse: string | null; RelayState: string | null }, failed: string): Promise<string> {
  const signIns = ssoSignInsRepo(deps.db);
  if (!form.RelayState || !form.SAMLResponse) return failed;
  const signIn = await signIns.claim(hashToken(form.RelayState), deps.clock.now());
  if (!signIn?.samlRequestId) return failed;
  const row = await accountSsoRepo(deps.db).connectionById(signIn.connectionId);
  if (!row || row.protocol !== 'saml') return failed;
  const outcome: Outcome = { who: null, error: null };
  try {
    const { saml, ...who } = await deps.saml.finish(samlIdpOf(row), form.SAMLResponse, { id: signIn.samlRequestId, issuedAt: signIn.createdAt });
    outcome.who = { ...who, nameIdFormat: saml.nameIdFormat };
  } catch (e) {
    outcome.error = refusal(e);
  }
  await signIns.keepOutcome(signIn.id, seal(deps.sealKey, JSON.stringify(outcome), signIn.id));
  return `${deps.publicUrl.replace(/\/+$/, '')}${SAML_CONTINUE_PATH}?state=${encodeURIComponent(form.RelayState)}`;
}

/** The same-origin GET after the ACS: the outcome, once, for the browser that started the sign-in (its binding cookie); null otherwise. */
export async function takeSamlOutcome(deps: SamlSignInDeps, state: string | null, binding: string | undefined): Promise<{ signIn: SignInRow; row: ConnectionRow; outcome: Outcome } | null> {
  const signIn = state ? await ssoSignInsRepo(deps.db).takeOutcome(hashToken(state), deps.clock.now()) : null;
  if (!signIn || !binding || hashToken(binding) !== signIn.bindingHash) return null;
  const row = await accountSsoRepo(deps.db).connectionById(signIn.connectionId);
  const opened = openSealed(deps.sealKey, signIn.samlOutcomeSealed ?? '', signIn.id);
  if (!row || !opened) return null;
  return { signIn, row, outcome: JSON.parse(opened) as Outcome };
}
