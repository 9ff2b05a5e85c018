import type { LoginBody } from '@opsuite/shared';
import { AppError } from '../../lib/errors.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { rateLimited } from '../../lib/rate-limiter.ts';
import type { AppServices } from '../../plugins/types.ts';

/** Sign-in failures allowed per account and address inside the window (then 429). */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60_000;

interface CredentialRow {
  id: string;
  password_hash: string;
}

/**
 * The sign-in check: the id of the live user with this e-mail and password, else 401.
 * Each attempt takes its slot in the account-and-address counter before the slow argon2 check,
 * so a burst of parallel guesses cannot all pass a count read before any of them failed: the
 * first LOGIN_MAX_FAILURES attempts in the window are checked, later ones are 429 unverified.
 * A correct password clears the counter.
 */
export async function checkCredentials(services: AppServices, body: LoginBody, ip: string): Promise<string> {
  const key = `login:${body.email}:${ip}`;
  const attempt = await services.limiter.hit(key, LOGIN_WINDOW_MS);
  if (attempt.count > LOGIN_MAX_FAILURES) throw rateLimited(attempt.resetMs, 'sign-in attempts');

  const rows = await services.database.prepared<CredentialRow>(
    'login_user',
    'select id, password_hash from users where email = $1 and deleted_at is null',
    [body.email],
  );
  const user = rows[0];
  const ok = await verifyPassword(user?.password_hash, body.password);
  if (!user || !ok) throw new AppError('UNAUTHENTICATED', 'Invalid email or password');
  await services.limiter.reset(key);
  return user.id;
}
