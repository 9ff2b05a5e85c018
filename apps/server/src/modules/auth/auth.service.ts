import type { LoginAnswer, LoginBody, RegisterBody } from '@opsuite/shared';
import { AppError, forbidden } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { resolveContext } from '../../plugins/context.ts';
import type { AppServices } from '../../plugins/types.ts';
import { addMember, createOrganization } from '../organizations/organizations.service.ts';
import { users } from './auth.tables.ts';
import { issueTokens } from './refresh-tokens.service.ts';
import { sessionAnswer } from './session.service.ts';

/** Sign-in failures allowed per account and address inside the window (then 429). */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60_000;

export function retryMessage(resetMs: number, what: string): string {
  const minutes = Math.max(1, Math.ceil(resetMs / 60_000));
  return `Too many ${what}. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

export function rateLimited(resetMs: number, what: string): AppError {
  return new AppError(
    'RATE_LIMITED',
    retryMessage(resetMs, what),
    { retryAfterSeconds: Math.ceil(resetMs / 1000) },
    {
      'retry-after': String(Math.ceil(resetMs / 1000)),
    },
  );
}

interface CredentialRow {
  id: string;
  password_hash: string;
}

/**
 * Each attempt takes its slot in the account-and-address counter before the slow argon2 check,
 * so a burst of parallel guesses cannot all pass a count read before any of them failed: the
 * first LOGIN_MAX_FAILURES attempts in the window are checked, later ones are 429 unverified.
 * A correct password clears the counter.
 */
export async function login(services: AppServices, body: LoginBody, ip: string): Promise<LoginAnswer> {
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
  return signedInAnswer(services, user.id);
}

/** The answer of every successful sign-in: tokens plus the session for the user's first organisation. */
export async function signedInAnswer(services: AppServices, userId: string): Promise<LoginAnswer> {
  const ctx = await resolveContext(services.database, userId, {}).catch((err: unknown) => {
    if (err instanceof AppError && err.code === 'FORBIDDEN') {
      throw forbidden('Your account does not belong to any organisation');
    }
    throw err;
  });
  const [session, tokens] = await Promise.all([
    sessionAnswer(services.database, ctx),
    issueTokens(services, userId),
  ]);
  return { ...tokens, ...session };
}

/** Creates a user and a new organisation whose admin they are. */
export async function register(services: AppServices, body: RegisterBody): Promise<LoginAnswer> {
  const existing = await services.database.query(
    'select 1 from users where email = $1 and deleted_at is null',
    [body.email],
  );
  if (existing.length > 0) throw new AppError('CONFLICT', 'This email is already in use');
  const passwordHash = await hashPassword(body.password);
  const userId = newId();
  try {
    await services.database.db.transaction(async (tx) => {
      await tx.insert(users).values({ id: userId, email: body.email, passwordHash, fullName: body.fullName });
      const org = await createOrganization(tx, { name: body.organizationName, timeZone: body.timeZone });
      await addMember(tx, {
        organizationId: org.id,
        userId,
        fullName: body.fullName,
        email: body.email,
        contactTypeId: org.contactTypeIds.admin,
        userType: 'admin',
      });
    });
  } catch (err) {
    if (
      (err as { code?: string }).code === '23505' ||
      String((err as Error).message).includes('users_email_live_uq')
    ) {
      throw new AppError('CONFLICT', 'This email is already in use');
    }
    throw err;
  }
  return signedInAnswer(services, userId);
}
