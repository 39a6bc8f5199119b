/**
 * What the recorder keeps of the page, decided in the browser before anything is sent (rrweb's
 * own masking options do the work; see docs/PRIVACY.md):
 *
 * - always masked (each character becomes `*`): password, hidden, one-time-code and card fields,
 *   fields whose name, id, autocomplete, placeholder or label speaks of a secret, and every field
 *   and text under `[data-replay-mask]`;
 * - never recorded: what is under `[data-replay-block]` (rrweb records an empty box of its size);
 * - the tenant's logger options (spec section 3), fetched at start: `defaultInputMode` 0 keeps
 *   typed text, 1 obscures it (`*` per character), 2 ignores it (nothing of it is sent);
 *   `obscureEmailData` / `obscureNumericData` turn e-mail addresses / digits into `*` in typed
 *   and page text alike;
 * - addresses lose their query and fragment (reset, invitation and sign-in links carry tokens there).
 */

export interface LoggerOptions {
  /** 0 plain, 1 obscured, 2 ignored (spec section 3's loggerOptions.defaultInputMode). */
  defaultInputMode: 0 | 1 | 2;
  obscureEmailData: boolean;
  obscureNumericData: boolean;
}

export const PLAIN_LOGGER: LoggerOptions = { defaultInputMode: 0, obscureEmailData: false, obscureNumericData: false };

export const MASK_SELECTOR = '[data-replay-mask]';
export const BLOCK_SELECTOR = '[data-replay-block]';

/** Names, ids, autocomplete tokens and labels that speak of a secret. */
const SENSITIVE = /pass|token|secret|otp|one-time-code|jwt|api[-_ ]?key|card|cc-|cvc|cvv|csc|security.?code|iban|ssn/i;
const SENSITIVE_TYPES = new Set(['password', 'hidden']);
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
const DIGIT = /\d/g;

const stars = (text: string): string => '*'.repeat(text.length);

function labelsOf(el: HTMLElement): string {
  const labels = 'labels' in el ? Array.from((el as HTMLInputElement).labels ?? []).map((l) => l.textContent ?? '') : [];
  return [el.getAttribute('aria-label'), el.getAttribute('placeholder'), ...labels].join(' ');
}

/** Whether a field's value must never leave the page, whatever the tenant's options. */
export function isSensitiveField(el: HTMLElement | null): boolean {
  if (!el || typeof el.getAttribute !== 'function') return true;
  if (SENSITIVE_TYPES.has((el.getAttribute('type') ?? '').toLowerCase()) || el.hasAttribute('data-rr-is-password')) return true;
  if (el.closest(MASK_SELECTOR)) return true;
  const named = [el.getAttribute('name'), el.id, el.getAttribute('autocomplete')].join(' ');
  return SENSITIVE.test(named) || SENSITIVE.test(labelsOf(el));
}

/** E-mail addresses and digits obscured as the options ask (a replay keeps the text's shape, not its content). */
export function obscureText(text: string, options: LoggerOptions): string {
  let out = text;
  if (options.obscureEmailData) out = out.replace(EMAIL, stars);
  if (options.obscureNumericData) out = out.replace(DIGIT, '*');
  return out;
}

/** A typed value as it may be sent. */
export function maskInput(text: string, el: HTMLElement | null, options: LoggerOptions): string {
  if (isSensitiveField(el) || options.defaultInputMode === 1) return stars(text);
  if (options.defaultInputMode === 2) return '';
  return obscureText(text, options);
}

/** Page text as it may be sent: all of it under `[data-replay-mask]`, else e-mails and digits as the options ask. */
export function maskText(text: string, el: HTMLElement | null, options: LoggerOptions): string {
  if (!el || el.closest(MASK_SELECTOR)) return stars(text);
  return obscureText(text, options);
}

/**
 * rrweb's options for these rules. rrweb calls maskInputFn only for the tags and types that
 * maskInputOptions names, so every field is named and maskInputFn decides; page text passes
 * maskTextFn only under maskTextSelector, so the whole page does when e-mails or digits are obscured.
 */
export function recorderPrivacy(options: LoggerOptions) {
  // rrweb looks a field up by tag, then by type: `input` names every input whatever its type (rrweb's type lists only types).
  const maskInputOptions: Record<string, boolean> = { input: true, textarea: true, select: options.defaultInputMode !== 0, password: true };
  const everyText = options.obscureEmailData || options.obscureNumericData;
  return {
    maskInputOptions,
    maskInputFn: (text: string, el: HTMLElement) => maskInput(text, el, options),
    maskTextSelector: everyText ? '*' : MASK_SELECTOR,
    maskTextFn: (text: string, el: HTMLElement | null) => maskText(text, el, options),
    blockSelector: BLOCK_SELECTOR,
  };
}

/** An address without its query and fragment; relative and odd values are cut at ? and # as they stand. */
export function bareUrl(value: string): string {
  const cut = value.search(/[?#]/);
  return cut === -1 ? value : value.slice(0, cut);
}
