/** Reads a JWT's `exp` claim (seconds since the epoch) without verifying it; null when absent. */
export function jwtExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
    const json = JSON.parse(atob(padded)) as { exp?: unknown };
    return typeof json.exp === 'number' ? json.exp : null;
  } catch {
    return null;
  }
}

/** Seconds left before the token expires; Infinity when it carries no expiry. */
export function secondsLeft(token: string, now: number = Date.now()): number {
  const exp = jwtExpiry(token);
  return exp === null ? Number.POSITIVE_INFINITY : exp - now / 1000;
}
