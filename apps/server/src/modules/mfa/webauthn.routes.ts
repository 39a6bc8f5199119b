import type { FastifyPluginAsync } from 'fastify';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { endpoints } from '@replay/contracts';
import { mount } from '../../platform/mount';
import { principalOf } from '../../plugins/guard';
import { textField, type AuditActorOf } from '../audit/audit-actor.door';
import { signInAnswer } from '../auth/sign-in.door';

/** The caller's passkeys and security keys, and the second step of a sign-in with one. */
export const webauthnRoutes: FastifyPluginAsync = async (app) => {
  const { webauthn, freshProof, sessions } = app.services;
  const signIn = signInAnswer(app);

  mount(app, endpoints.listWebauthn, async (request) => webauthn.list(principalOf(request)));

  // A stolen session must not add its own key (locking the member out) nor remove theirs: both need a fresh proof, as the app's do.
  mount(app, endpoints.webauthnRegistrationOptions, async (request) => {
    await freshProof.require(principalOf(request));
    return webauthn.registrationOptions(principalOf(request));
  });

  // The challenge it answers was handed out to this session under a fresh proof: bringing it back is the proof.
  // A factor added ends the member's other sessions (issue 42), as confirming an authenticator app does.
  mount(app, endpoints.addWebauthn, async (request) => {
    const principal = principalOf(request);
    const added = await webauthn.add(principal, request.body);
    await sessions.revokeAllFor(principal.userId, principal.sessionId ?? undefined);
    return added;
  });

  mount(app, endpoints.removeWebauthn, async (request) => {
    await freshProof.require(principalOf(request));
    await webauthn.remove(principalOf(request), request.params.id);
    return { ok: true as const };
  });

  const auditActor: AuditActorOf = (request, find) => find.byMfaToken(textField(request.body, 'mfaToken'));
  const byMfaToken = { auditActor };
  mount(app, endpoints.loginWebauthnOptions, async (request) => webauthn.loginOptions(request.body.mfaToken), byMfaToken);

  mount(
    app,
    endpoints.loginWebauthn,
    async (request, reply) => signIn(request, reply, await webauthn.completeLogin(request.body.mfaToken, request.body.response as unknown as AuthenticationResponseJSON, request.ip)),
    // A failed try with a real token is recorded in the member's account: the token proves their password was right.
    byMfaToken,
  );
};
