import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@replay/contracts';
import { mount } from '../../platform/mount';
import { principalOf } from '../../plugins/guard';
import { textField } from '../audit/audit-actor.door';
import { signInAnswer } from '../auth/sign-in.door';

/** The caller's own authenticator, and the second step of a sign-in. */
export const mfaRoutes: FastifyPluginAsync = async (app) => {
  const { mfa, freshProof, members, webauthn, sessions } = app.services;
  const signIn = signInAnswer(app);

  mount(app, endpoints.mfaStatus, async (request) => mfa.status(principalOf(request)));

  // A stolen session must not add its own authenticator (locking the member out) nor remove theirs: both need a fresh proof.
  mount(app, endpoints.startTotp, async (request) => {
    await freshProof.require(principalOf(request));
    return mfa.startTotp(principalOf(request));
  });

  // A factor turned on ends the member's other sessions (issue 42): one opened by a thief of the password does not outlive it.
  mount(app, endpoints.verifyTotp, async (request) => {
    const principal = principalOf(request);
    const confirmed = await mfa.confirmTotp(principal, request.body.code, request.ip);
    await sessions.revokeAllFor(principal.userId, principal.sessionId ?? undefined);
    return confirmed;
  });

  mount(app, endpoints.removeTotp, async (request) => {
    await freshProof.require(principalOf(request));
    await mfa.removeTotp(principalOf(request));
    return { ok: true as const };
  });

  mount(app, endpoints.resetMemberMfa, async (request) => {
    const principal = principalOf(request);
    await members.assertMayActOn(principal, request.params.id);
    await freshProof.require(principal);
    await mfa.resetFor(request.params.id);
    return { ok: true as const };
  });

  // Lowering the account's rule needs a fresh proof (issue 42), as changing one's own factor does; raising it does not.
  mount(app, endpoints.setMfaPolicy, async (request) => {
    const principal = principalOf(request);
    mfa.assertMayChangePolicy(principal);
    if (!request.body.required) await freshProof.require(principal);
    return mfa.setPolicy(principal, request.body.required);
  });

  mount(app, endpoints.reauth, async (request) => freshProof.prove(principalOf(request), request.body, request.ip));

  mount(app, endpoints.reauthWebauthnOptions, async (request) => webauthn.reauthOptions(principalOf(request)));

  mount(
    app,
    endpoints.loginMfa,
    async (request, reply) => signIn(request, reply, await mfa.completeLogin(request.body.mfaToken, request.body.code, request.ip)),
    // A wrong code with a real token is recorded in the member's account: the token proves their password was right.
    { auditActor: (request, find) => find.byMfaToken(textField(request.body, 'mfaToken')) },
  );
};
