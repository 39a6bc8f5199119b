import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from 'fastify';
import { SSO_SIGN_IN_TTL_MS, endpoints } from '@replay/contracts';
import { mount } from '../../platform/mount';
import { principalOf } from '../../plugins/guard';
import { signInAnswer } from '../auth/sign-in.door';
import type { Started } from './account-sso.sign-in';
import { idpLogoutAuditEvent } from './account-sso.logout';

/**
 * The browser's tie to the sign-in it started: the IdP's redirect back must come from the
 * browser that started it (login CSRF). Lax, since that redirect is a top-level navigation
 * from the IdP's site; only under /sso, where the callbacks are.
 */
export const SSO_BINDING_COOKIE = 'sso_binding';

function setBinding(app: FastifyInstance, reply: FastifyReply, started: Started): { redirectUrl: string } {
  reply.setCookie(SSO_BINDING_COOKIE, started.binding, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/sso',
    secure: app.ctx.env.publicUrl.startsWith('https'),
    maxAge: SSO_SIGN_IN_TTL_MS / 1000,
  });
  return { redirectUrl: started.redirectUrl };
}

/** Starting a sign-in (by email, or the owner's test) and exchanging its ticket for a session. */
export const ssoSignInRoutes: FastifyPluginAsync = async (app) => {
  const { ssoSignIn } = app.services;
  const signIn = signInAnswer(app);
  mount(app, endpoints.startSsoSignIn, async (request, reply) => setBinding(app, reply, await ssoSignIn.start(request.body.email, request.ip)));
  mount(app, endpoints.completeSsoSignIn, async (request, reply) => {
    const { principal, record } = await ssoSignIn.redeem(request.body.ticket);
    return signIn(request, reply, principal, record);
  });
};

/** The owner's test sign-in (the owner-only plugin's hook has judged the caller). */
export function mountSsoTest(app: FastifyInstance): void {
  const { ssoSignIn } = app.services;
  mount(app, endpoints.testSsoConnection, async (request, reply) => setBinding(app, reply, await ssoSignIn.startTest(principalOf(request))));
}

/** Outside /api: the IdP sends the browser here (a redirect, not an API call). */
export const ssoCallbackPages: FastifyPluginAsync = async (app) => {
  const { ssoSignIn, ssoLogout } = app.services;
  // Scoped to this plugin: the back-channel logout's form body (a logout token is a few kB).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, new URLSearchParams(body as string)));

  // OIDC back-channel logout: the IdP's server posts a logout token (no browser, no cookie); 200 when taken, 400 otherwise (the spec's answers).
  app.post('/sso/oidc/backchannel-logout', { config: { guard: 'public' } }, async (request, reply) => {
    const form = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
    const tokens = form.getAll('logout_token');
    const ended = tokens.length === 1 ? await ssoLogout.backchannelLogout(tokens[0]!, request.ip) : null;
    const taken = ended !== null;
    if (ended) request.auditEvent = idpLogoutAuditEvent(ended);
    return reply
      .header('cache-control', 'no-store')
      .code(taken ? 200 : 400)
      .send(taken ? '' : 'The logout token could not be verified.');
  });

  app.get('/sso/oidc/callback', { config: { guard: 'public' } }, async (request, reply) => {
    const url = new URL(request.url, app.ctx.env.publicUrl);
    const next = await ssoSignIn.callback(url, request.cookies[SSO_BINDING_COOKIE]);
    reply.clearCookie(SSO_BINDING_COOKIE, { path: '/sso' });
    return reply.header('cache-control', 'no-store').redirect(next, 303);
  });
};
