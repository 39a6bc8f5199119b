import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { AUTH_MESSAGES } from '@replay/contracts';
import { errorMessage } from '../../lib/api';
import { validate } from '../../lib/form';
import { useFormFields } from '../../lib/use-form-fields';
import { usePublicConfig } from '../config/api';
import { useInvisibleCaptcha } from './captcha';

/** The captcha's token, sent with the form's values when the captcha is on. */
export interface CaptchaField {
  'g-recaptcha-response'?: string;
}

/**
 * A public form behind the invisible captcha (login, sign-up, reset link):
 * its fields are checked with `schema`, then the captcha runs and `send`
 * posts the values with its token. What went wrong (the server's first
 * message, the captcha's, or the generic fallback) is `formError`; a captcha
 * that cannot be completed sends nothing.
 */
export function useCaptchaForm<T extends Record<string, string>>(schema: z.ZodType, initial: T, send: (body: T & CaptchaField, onError: (error: unknown) => void) => void) {
  const { data: config } = usePublicConfig();
  const captcha = useInvisibleCaptcha(config?.captchaSiteKey);
  const form = useFormFields(initial);
  const [formError, setFormError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const checked = validate(schema, form.values);
    form.setErrors(checked.errors ?? {});
    if (!checked.data) return;
    let token: string | undefined;
    try {
      token = await captcha.execute();
    } catch (error) {
      setFormError(error instanceof Error ? error.message : AUTH_MESSAGES.signupFallback);
      return;
    }
    send({ ...form.values, ...(token ? { 'g-recaptcha-response': token } : {}) }, (error) => setFormError(errorMessage(error, AUTH_MESSAGES.signupFallback)));
  };

  return { form, formError, captchaRef: captcha.containerRef, onSubmit: (event: FormEvent) => void submit(event) };
}
