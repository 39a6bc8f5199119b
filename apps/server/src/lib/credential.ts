import type { AccessClaims } from './access-token';

/**
 * What a request proved before its caller is read: a session's verified access token,
 * or the digest of an API key's secret (with the instant it is judged at). A route with
 * callerReadWithData reads the caller from it in the same statement as its data.
 */
export type CallerCredential = { kind: 'session'; claims: AccessClaims } | { kind: 'key'; keyHash: string; at: Date };
