import type { FastifyPluginAsync } from 'fastify';
import { SAML_CONTINUE_PATH } from './account-sso.saml-sign-in';
import { idpLogoutAuditEvent } from './account-sso.logout';
import { SSO_BINDING_COOKIE } from './account-sso.sign-in.routes';

/** A signed Response with a certificate or two is a few kB; the margin still bounds what is parsed. */
const MAX_ACS_FORM = 512 * 1024;

/** A form's one value of `name`; null when it is missing or given twice (a second one could ride beside the signed one). */
function single(form: URLSearchParams, name: string): string | null {
  const values = form.getAll(name);
  return values.length === 1 ? values[0]! : null;
}

/**
 * Outside /api: the console as a SAML service provider. The IdP's page posts the Response to the
 * ACS from the IdP's origin (no Origin check, no Lax cookie: the signature and the sign-in's row
 * are what is checked), and the browser is sent on to a same-origin GET, where the binding cookie
 * comes along and is checked before the sign-in counts.
 */
export const samlPages: FastifyPluginAsync = async (app) => {
  const { ssoSignIn, ssoLogout } = app.services;
  // Scoped to this plugin: the ACS's form body, kept as its raw parameters.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: MAX_ACS_FORM }, (_request, body, done) => done(null, new URLSearchParams(body as string)));

  // ?connection=<id>: that SAML connection's signing certificate in it (a certificate is public; the id only picks it).
  app.get('/sso/saml/metadata', { config: { guard: 'public' } }, async (request, reply) => {
    const connection = new URL(request.url, app.ctx.env.publicUrl).searchParams.get('connection');
    const xml = await ssoSignIn.samlMetadata(connection);
    return reply.header('content-type', 'application/samlmetadata+xml; charset=utf-8').header('cache-control', 'no-cache').send(xml);
  });

  app.post('/sso/saml/acs', { config: { guard: 'public' } }, async (request, reply) => {
    const form = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
    const next = await ssoSignIn.samlAcs({ SAMLResponse: single(form, 'SAMLResponse'), RelayState: single(form, 'RelayState') });
    return reply.header('cache-control', 'no-store').redirect(next, 303);
  });

  // Single logout by the HTTP-Redirect binding: the IdP's LogoutRequest (its sessions end here) or its answer to ours.
  app.get('/sso/saml/slo', { config: { guard: 'public' } }, async (request, reply) => {
    const answer = await ssoLogout.samlSlo(request.url.split('?')[1] ?? '', request.ip);
    reply.header('cache-control', 'no-store');
    if ('location' in answer && answer.ended) request.auditEvent = idpLogoutAuditEvent(answer.ended);
    if ('location' in answer) return reply.redirect(answer.location, 303);
    return reply.code(400).type('text/plain; charset=utf-8').send(answer.refused);
  });

  app.get(SAML_CONTINUE_PATH, { config: { guard: 'public' } }, async (request, reply) => {
    const state = new URL(request.url, app.ctx.env.publicUrl).searchParams.get('state');
    const next = await ssoSignIn.samlContinue(state, request.cookies[SSO_BINDING_COOKIE]);
    reply.clearCookie(SSO_BINDING_COOKIE, { path: '/sso' });
    return reply.header('cache-control', 'no-store').redirect(next, 303);
  });
};
