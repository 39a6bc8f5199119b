import { AUTH_MESSAGES } from '@replay/contracts';
import type { AppContext, CaptchaVerifier } from '../../platform/context';
import { badRequest } from '../../lib/errors';

// The interface lives with the context that holds it (lib must not import modules).
export type { CaptchaVerifier };

const SITEVERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

/** Google reCAPTCHA's server-side check. A network failure counts as a failed captcha (fail closed). */
export function recaptchaVerifier(secret: string, opts: { endpoint?: string; timeoutMs?: number } = {}): CaptchaVerifier {
  const endpoint = opts.endpoint ?? SITEVERIFY_URL;
  const timeoutMs = opts.timeoutMs ?? 5000;
  return {
    async verify(response, remoteIp) {
      try {
        const res = await fetch(endpoint, {
          method: 'POST',
          body: new URLSearchParams({ secret, response, remoteip: remoteIp }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!res.ok) return false;
        const body = (await res.json()) as { success?: unknown };
        return body.success === true;
      } catch {
        return false;
      }
    },
  };
}

export type CaptchaCheck = (response: string | undefined, remoteIp: string) => Promise<void>;

/**
 * What sign-up, login and reset-link call: a no-op while the captcha is off,
 * else a 400 unless the verifier accepts the answer.
 */
export function createCaptchaCheck(enabled: boolean, verifier: CaptchaVerifier | null): CaptchaCheck {
  return async (response, remoteIp) => {
    if (!enabled) return;
    if (!verifier || !response || !(await verifier.verify(response, remoteIp))) {
      throw badRequest(AUTH_MESSAGES.captchaFailed);
    }
  };
}

/** The context's verifier when one is set (tests), else Google's with the operator's secret. */
export function captchaCheckOf(ctx: Pick<AppContext, 'env' | 'captcha'>): CaptchaCheck {
  const { captchaEnabled, CAPTCHA_SECRET } = ctx.env;
  const verifier = ctx.captcha ?? (CAPTCHA_SECRET ? recaptchaVerifier(CAPTCHA_SECRET) : null);
  return createCaptchaCheck(captchaEnabled, verifier);
}
