import type { FastifyPluginAsync } from 'fastify';
import { endpoints } from '@replay/contracts';
import { mount } from '../../lib/mount';
import { principalOf } from '../../plugins/guard';
import { textField } from '../../plugins/audit';
import { signInAnswer } from '../auth/sign-in';

/** The caller's own authenticator, and the second step of a sign-in. */
export const mfaRoutes: FastifyPluginAsync = async (app) => {
  const { mfa, freshProof, members, webauthn } = app.services;
  const signIn = signInAnswer(app);

  mount(app, endpoints.mfaStatus, async (request) => mfa.status(principalOf(request)));

  // A stolen session must not add its own authenticator (locking the member out) nor remove theirs: both need a fresh proof.
  mount(app, endpoints.startTotp, async (request) => {
    await freshProof.require(principalOf(request));
    return mfa.startTotp(principalOf(request));
  });

  mount(app, endpoints.verifyTotp, async (request) => mfa.confirmTotp(principalOf(request), request.body.code, request.ip));

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

  mount(app, endpoints.setMfaPolicy, async (request) => mfa.setPolicy(principalOf(request), request.body.required));

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
