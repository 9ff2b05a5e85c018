import type { LoginBody } from '@opsuite/shared';
import { AppError } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { rateLimited } from '../../lib/rate-limiter.ts';
import type { AppServices } from '../../plugins/types.ts';

/** Sign-in failures allowed per account and address inside the window (then 429). */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60_000;
/**
 * Sign-in failures allowed per address across all accounts inside the window (then 429, even for
 * a right password), against password spraying: one common password tried on many accounts stays
 * under each account's limit. 30 in 15 minutes leaves room for a gym's or an office's people
 * behind one address mistyping now and then (successful sign-ins do not count), while a spray
 * gets 30 guesses per address instead of 5 for every account it names.
 */
export const LOGIN_ADDRESS_MAX_FAILURES = 30;
export const LOGIN_ADDRESS_WINDOW_MS = 15 * 60_000;

interface CredentialRow {
  id: string;
  password_hash: string;
}

/**
 * The sign-in check: the id of the live user with this e-mail and password, else 401.
 * Each attempt takes its slot in the account-and-address counter, then in the address counter,
 * before the slow argon2 check, so a burst of parallel guesses cannot all pass a count read
 * before any of them failed: past either limit, attempts are 429 unverified. A correct password
 * clears the account's counter and gives its slot in the address counter back, so that the
 * address counter counts failures (and attempts still being checked).
 */
export async function checkCredentials(services: AppServices, body: LoginBody, ip: string): Promise<string> {
  const { limiter } = services;
  const key = `login:${body.email}:${ip}`;
  const attempt = await limiter.hit(key, LOGIN_WINDOW_MS);
  if (attempt.count > LOGIN_MAX_FAILURES) throw rateLimited(attempt.resetMs, 'sign-in attempts');
  const addressKey = `login-ip:${ip}`;
  const fromAddress = await limiter.hit(addressKey, LOGIN_ADDRESS_WINDOW_MS);
  if (fromAddress.count > LOGIN_ADDRESS_MAX_FAILURES)
    throw rateLimited(fromAddress.resetMs, 'sign-in attempts');
  const rows = await services.database.prepared<CredentialRow>(
    'login_user',
    'select id, password_hash from users where email = $1 and deleted_at is null',
    [body.email],
  );
  const user = rows[0];
  const ok = await verifyPassword(user?.password_hash, body.password);
  if (!user || !ok) throw new AppError('UNAUTHENTICATED', 'Invalid email or password');
  await Promise.all([limiter.reset(key), limiter.giveBack(addressKey)]);
  return user.id;
}
