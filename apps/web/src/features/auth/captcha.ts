import { useCallback, useEffect, useRef } from 'react';

interface Grecaptcha {
  ready(callback: () => void): void;
  render(container: HTMLElement, params: Record<string, unknown>): number;
  execute(widgetId: number): void;
  reset(widgetId: number): void;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

export const CAPTCHA_SCRIPT_URL = 'https://www.google.com/recaptcha/api.js?render=explicit';
export const CAPTCHA_NOT_READY = 'The captcha is still loading. Please try again in a moment.';
export const CAPTCHA_FAILED = 'The captcha could not be completed. Please try again.';

let scriptLoad: Promise<Grecaptcha> | null = null;

function loadScript(): Promise<Grecaptcha> {
  if (!scriptLoad) {
    scriptLoad = new Promise<Grecaptcha>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = CAPTCHA_SCRIPT_URL;
      script.async = true;
      script.defer = true;
      script.onload = () => {
        const g = window.grecaptcha;
        if (g) g.ready(() => resolve(g));
        else reject(new Error(CAPTCHA_FAILED));
      };
      script.onerror = () => {
        scriptLoad = null;
        script.remove();
        reject(new Error(CAPTCHA_FAILED));
      };
      document.head.appendChild(script);
    });
  }
  return scriptLoad;
}

/** Forgets the loaded script, as a new page has none: the web tests share this module across files (vitest.config.ts). */
export function forgetCaptchaScript(): void {
  scriptLoad = null;
}

interface Pending {
  resolve: (token: string) => void;
  reject: (error: Error) => void;
}

/**
 * Google's invisible reCAPTCHA, only when the public config has a site key:
 * the script is then loaded and `execute()` answers the token to send as
 * `g-recaptcha-response`. Without a key nothing is loaded and `execute()`
 * answers undefined.
 */
export function useInvisibleCaptcha(siteKey: string | null | undefined) {
  const containerRef = useRef<HTMLDivElement>(null);
  const widget = useRef<{ g: Grecaptcha; id: number } | null>(null);
  const pending = useRef<Pending | null>(null);

  useEffect(() => {
    if (!siteKey) return;
    let live = true;
    loadScript()
      .then((g) => {
        if (!live || !containerRef.current || widget.current) return;
        const id = g.render(containerRef.current, {
          sitekey: siteKey,
          size: 'invisible',
          callback: (token: string) => pending.current?.resolve(token),
          'error-callback': () => pending.current?.reject(new Error(CAPTCHA_FAILED)),
          'expired-callback': () => pending.current?.reject(new Error(CAPTCHA_FAILED)),
        });
        widget.current = { g, id };
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [siteKey]);

  const execute = useCallback(async (): Promise<string | undefined> => {
    if (!siteKey) return undefined;
    const current = widget.current;
    if (!current) throw new Error(CAPTCHA_NOT_READY);
    current.g.reset(current.id);
    return new Promise<string>((resolve, reject) => {
      pending.current = { resolve, reject };
      current.g.execute(current.id);
    });
  }, [siteKey]);

  return { containerRef, execute };
}
