import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { mfaEndpoints, webauthnEndpoints, type AddWebauthnInput, type LoginWebauthnInput, type WebauthnOptions } from '@replay/contracts';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { call, errorMessage } from '../../lib/api';
import { startSession } from '../auth/session';
import { mfaKeys } from './api';
import { withFreshProof } from './fresh-proof';

const listKey = mfaKeys.detail('webauthn');
const statusKey = mfaKeys.detail('status');

/** Said when the browser's prompt ended without a key (cancelled, timed out, no key touched). */
export const PASSKEY_PROMPT_FAILED = 'No passkey or security key was used. Please try again.';

// The browser's WebAuthn helpers load only when a key is used: the login page starts without them.
const browserWebauthn = () => import('@simplewebauthn/browser');

/** The browser's prompt ended without a key. */
class PasskeyPromptError extends Error {}

/** Runs the browser's prompt; its refusals (cancelled, timed out) become one message the form shows. */
async function prompt<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new PasskeyPromptError(PASSKEY_PROMPT_FAILED, { cause: error });
  }
}

/** What a form says of a failed passkey step: the prompt's own message, else the server's, else `fallback`. */
export const passkeyErrorMessage = (error: unknown, fallback: string): string => (error instanceof PasskeyPromptError ? error.message : errorMessage(error, fallback));

/** GET /account/mfa/webauthn: the caller's passkeys and security keys. */
export function usePasskeys() {
  return useQuery({ queryKey: listKey, queryFn: () => call(webauthnEndpoints.listWebauthn, {}) });
}

/**
 * Adds a passkey or security key: the options (after a fresh proof), the browser's prompt, then
 * the server's check. Answers the recovery codes when it was the first second factor.
 */
export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const options = await withFreshProof(() => call(webauthnEndpoints.webauthnRegistrationOptions, {}));
      const { startRegistration } = await browserWebauthn();
      const response = await prompt(() => startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON }));
      // The browser's types name extension outputs the contract drops: the same JSON.
      return call(webauthnEndpoints.addWebauthn, { body: { name, response: response as unknown as AddWebauthnInput['response'] } });
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: listKey });
      void queryClient.invalidateQueries({ queryKey: statusKey });
    },
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => withFreshProof(() => call(webauthnEndpoints.removeWebauthn, { params: { id } })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: listKey });
      void queryClient.invalidateQueries({ queryKey: statusKey });
    },
  });
}

/** The second step of a sign-in with a key: options for this sign-in, the browser's prompt, then the session as a login's. */
export function useLoginWithPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (mfaToken: string) => {
      const options: WebauthnOptions = await call(webauthnEndpoints.loginWebauthnOptions, { body: { mfaToken } });
      const { startAuthentication } = await browserWebauthn();
      const response = await prompt(() => startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON }));
      return call(webauthnEndpoints.loginWebauthn, { body: { mfaToken, response: response as unknown as LoginWebauthnInput['response'] } });
    },
    onSuccess: (session) => startSession(queryClient, session),
  });
}

/** A fresh proof of identity with a key: options for this session, the browser's prompt, then POST /account/reauth. */
export function useReauthWithPasskey() {
  return useMutation({
    mutationFn: async () => {
      const options: WebauthnOptions = await call(mfaEndpoints.reauthWebauthnOptions, {});
      const { startAuthentication } = await browserWebauthn();
      const response = await prompt(() => startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON }));
      return call(mfaEndpoints.reauth, { body: { webauthn: response as unknown as LoginWebauthnInput['response'] } });
    },
  });
}
