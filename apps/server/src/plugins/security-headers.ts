import fp from 'fastify-plugin';
import helmet from 'helmet';
import { API_PREFIX } from '@replay/contracts';
import type { Env } from '../config/env';

/** Google's own list for reCAPTCHA under a CSP: its script, and the frame it renders the challenge in. */
const CAPTCHA_SCRIPTS = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
const CAPTCHA_FRAMES = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];

/** Stripe's own list for Stripe.js and Elements under a CSP (only when Stripe is the payment provider). */
const STRIPE_SCRIPTS = ['https://js.stripe.com'];
const STRIPE_FRAMES = ['https://js.stripe.com', 'https://hooks.stripe.com'];
const STRIPE_CONNECT = ['https://api.stripe.com'];

const ONE_YEAR_SECONDS = 365 * 24 * 3600;

/**
 * The console's Content-Security-Policy. Scripts only from this origin: the
 * built index.html has no inline script (Vite emits module files), so one
 * injected into a page cannot run. Styles allow 'unsafe-inline' on purpose:
 * Mantine writes its theme variables into a <style> element and sets style
 * attributes at run time, and the index.html is a static file (no per-answer
 * nonce); CSS cannot run script, and React escapes every text it renders.
 * connect-src adds the instances' addresses, which the browser's direct
 * health check calls. With a session recorder configured (and only then), its
 * instance's origin may serve a script (the tracker) and take the tracker's batches.
 */
export function contentSecurityPolicy(env: Pick<Env, 'FRAME_ANCESTORS' | 'captchaEnabled' | 'paymentProvider' | 'sessionRecorder'>, instanceSources: readonly string[]) {
  const stripe = env.paymentProvider === 'stripe';
  const recorder = env.sessionRecorder ? [env.sessionRecorder.origin] : [];
  const frames = [...(env.captchaEnabled ? CAPTCHA_FRAMES : []), ...(stripe ? STRIPE_FRAMES : [])];
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(env.captchaEnabled ? CAPTCHA_SCRIPTS : []), ...(stripe ? STRIPE_SCRIPTS : []), ...recorder],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    // data: for the favicon, which index.html carries inline as an SVG.
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'"],
    'connect-src': ["'self'", ...instanceSources, ...(stripe ? STRIPE_CONNECT : []), ...recorder],
    'frame-src': frames.length ? frames : ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    // The spec's `?iframe` mode: only pages the operator named may frame the console.
    'frame-ancestors': env.FRAME_ANCESTORS.length ? env.FRAME_ANCESTORS : ["'none'"],
  };
}

const API_PATH = `${API_PREFIX}/`;
/** The built SPA's files, named by their content (apps/web's build writes them there). */
const ASSETS_PATH = '/assets/';

/**
 * The headers of an API answer (OWASP's REST Security Cheat Sheet): a policy
 * that lets the answer load and run nothing and be framed by no one, no type
 * sniffing, no Referer, never stored, and HSTS over https. A JSON answer
 * opened as a page can do nothing with the rest of the page policy.
 */
export function apiHeaders(https: boolean): readonly (readonly [string, string])[] {
  return [
    ['content-security-policy', "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"],
    ['x-frame-options', 'DENY'],
    ['x-content-type-options', 'nosniff'],
    ['referrer-policy', 'no-referrer'],
    ['cache-control', 'no-store'],
    ...(https ? [['strict-transport-security', `max-age=${ONE_YEAR_SECONDS}`] as const] : []),
  ];
}

/**
 * Security headers on every answer (SPA, assets, API, outbox, errors), set in onRequest
 * so even a refused request carries them; API answers and built files get their own
 * short sets (apiHeaders, assetHeaders), every page helmet's: the CSP above;
 * X-Frame-Options DENY unless framing origins are configured (it cannot list
 * origins, so frame-ancestors alone decides then); no Referer at all
 * (invitation and reset links carry their token in the address, and the
 * SPA's own calls from those pages would send it along); HSTS only when the
 * console's public address is https; nosniff and the cross-origin policies
 * as helmet sets them by default. Any answer that does not state its own
 * Cache-Control gets no-store: API answers carry tokens and account data.
 *
 * helmet's middleware is built once, here. @fastify/helmet builds it again
 * from the options on every request (parsing them and writing the CSP out
 * each time): measured, that was 13 % of the instances list's throughput.
 */
/**
 * The headers of a built file (a script, stylesheet or font under /assets): the API's set
 * (a policy that lets the file, opened as a page, load and run nothing, nosniff, no
 * framing, no Referer; the static files then state their own Cache-Control) and loadable
 * by this origin only. The page's policy governs the document that loads the file and
 * comes with that document; on the file itself it did nothing (the console starts no
 * worker from a file, whose own answer's policy would apply) but cost about 600 bytes of
 * every one of a page's 25 to 30 files, uncompressed over HTTP/1.1.
 */
export function assetHeaders(https: boolean): readonly (readonly [string, string])[] {
  return [...apiHeaders(https), ['cross-origin-resource-policy', 'same-origin']];
}

export const securityHeadersPlugin = fp(async (app) => {
  const { env, driver } = app.ctx;
  const https = new URL(env.publicUrl).protocol === 'https:';
  const applyHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(env, driver.browserSources) },
    xFrameOptions: env.FRAME_ANCESTORS.length ? false : { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Not includeSubDomains: the console cannot vouch for the other hosts of its domain.
    strictTransportSecurity: https ? { maxAge: ONE_YEAR_SECONDS, includeSubDomains: false } : false,
  });

  const forApi = apiHeaders(https);
  const forAssets = assetHeaders(https);

  // A callback hook, not an async one: this runs on every request, and a promise per hook shows in the list's figures.
  app.addHook('onRequest', (request, reply, done) => {
    // An API answer is data, never a page: OWASP's REST set, five headers instead of helmet's dozen.
    if (request.url.startsWith(API_PATH)) {
      for (const [name, value] of forApi) reply.raw.setHeader(name, value);
      return done();
    }
    if (request.url.startsWith(ASSETS_PATH)) {
      for (const [name, value] of forAssets) reply.raw.setHeader(name, value);
      return done();
    }
    // The default; a route or the static files that state their own Cache-Control replace it.
    reply.raw.setHeader('cache-control', 'no-store');
    applyHeaders(request.raw, reply.raw, (err) => done(err as Error | undefined));
  });
});
