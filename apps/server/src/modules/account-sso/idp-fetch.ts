import { Agent, fetch as undiciFetch } from 'undici';
import { checkedTarget, pinnedLookup, type HostResolver } from '../../lib/ssrf-guard';

/** Calls to an IdP (discovery, keys, tokens) give up after this: a sign-in waits on them. */
export const IDP_TIMEOUT_MS = 10_000;
/** An IdP's answer is a small JSON document: more is refused rather than read. */
const MAX_ANSWER_BYTES = 1024 * 1024;

export class IdpRefused extends Error {}

export interface IdpFetchOptions {
  /** Private, loopback and plain-http IdPs (a console on a private network, the tests): WEBHOOKS-style opt-in, SSO_ALLOW_PRIVATE_IDPS. */
  allowPrivate: boolean;
  resolve: HostResolver;
}

/**
 * The `fetch` every IdP call goes through (openid-client's customFetch): the address an owner
 * typed is judged by the SSRF guard (lib/ssrf-guard.ts) and the connection made to the
 * addresses judged, never following a redirect; https only unless private IdPs are allowed.
 */
export function idpFetch(opts: IdpFetchOptions) {
  return async (input: string | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input));
    if (url.protocol !== 'https:' && !(opts.allowPrivate && url.protocol === 'http:')) throw new IdpRefused(`${url.origin} is not https`);
    const addresses = await checkedTarget(url, opts);
    const dispatcher = new Agent({ connect: { lookup: pinnedLookup(addresses) } });
    try {
      const answer = await undiciFetch(url, {
        method: init.method,
        headers: init.headers as Record<string, string>,
        body: init.body as string | undefined,
        redirect: 'manual',
        dispatcher,
        signal: AbortSignal.timeout(IDP_TIMEOUT_MS),
      });
      const body = Buffer.from(await answer.arrayBuffer());
      if (body.length > MAX_ANSWER_BYTES) throw new IdpRefused(`${url.origin} answered more than ${MAX_ANSWER_BYTES} bytes`);
      return new Response(body.length ? body : null, { status: answer.status, headers: Object.fromEntries(answer.headers) });
    } finally {
      await dispatcher.close();
    }
  };
}
