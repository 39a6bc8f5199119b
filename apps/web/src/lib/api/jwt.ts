/** The `exp` claim of a JWT in epoch milliseconds, or null when it has none or is unreadable. */
export function tokenExpiry(jwt: string): number | null {
  const payload = jwt.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
    const claims: unknown = JSON.parse(atob(padded));
    if (claims && typeof claims === 'object' && 'exp' in claims && typeof claims.exp === 'number') {
      return claims.exp * 1000;
    }
    return null;
  } catch {
    return null;
  }
}

/** How long before expiry a token is renewed: a minute, or a fifth of a shorter lifetime. */
export function refreshLead(remainingMs: number): number {
  return Math.min(60_000, Math.max(0, remainingMs) / 5);
}
