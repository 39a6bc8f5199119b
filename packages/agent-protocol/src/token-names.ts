/** The console's tokens' fixed values, plain (no zod) for the agent's start; tokens.ts holds their claims' schema. */
export const TOKEN_ALGORITHM = 'HS256';
export const TOKEN_ISSUER = 'replay-console';

/** True when the claims name this instance as their audience: a token for one instance opens no other. */
export function isForInstance(claims: { aud: string | string[] }, instanceId: string): boolean {
  return (Array.isArray(claims.aud) ? claims.aud : [claims.aud]).includes(instanceId);
}
