import { randomInt } from 'node:crypto';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { rateLimited } from '../../lib/rate-limiter.ts';
import { hashToken } from '../../lib/tokens.ts';
import type { AppServices } from '../../plugins/types.ts';
import { revokeAllForUser } from './refresh-tokens.service.ts';

export const RESET_CODE_TTL_MS = 15 * 60_000;
export const RESET_CODE_MAX_ATTEMPTS = 5;
const SEND_MAX_PER_WINDOW = 3;
const WINDOW_MS = 15 * 60_000;

/**
 * E-mails a 6-digit one-time code. The answer is the same whether or not the address exists,
 * so the call cannot be used to find accounts.
 */
export async function sendResetCode(services: AppServices, email: string, ip: string): Promise<void> {
  const hit = await services.limiter.hit(`reset-send:${email}:${ip}`, WINDOW_MS);
  if (hit.count > SEND_MAX_PER_WINDOW) throw rateLimited(hit.resetMs, 'code requests');
  const rows = await services.database.query<{ id: string; full_name: string }>(
    'select id, full_name from users where email = $1 and deleted_at is null',
    [email],
  );
  const user = rows[0];
  if (!user) return;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await services.database.query(
    'update password_reset_codes set used_at = now() where user_id = $1 and used_at is null',
    [user.id],
  );
  await services.database.query(
    'insert into password_reset_codes (id, user_id, code_hash, expires_at) values ($1, $2, $3, $4)',
    [newId(), user.id, hashToken(`${user.id}:${code}`), new Date(Date.now() + RESET_CODE_TTL_MS)],
  );
  await services.mailer.send({
    to: email,
    subject: 'Your password reset code',
    text: `Hello ${user.full_name},\n\nYour password reset code is ${code}. It expires in 15 minutes.\n\nIf you did not ask for it, ignore this message.`,
  });
}

const INVALID = 'The code is invalid or has expired';

/**
 * Checks the code (at most 5 tries per code), sets the new password and signs out every session.
 * A try is counted on the code's row before the comparison, in one conditional update, so
 * parallel guesses cannot all read a count of zero: only the first five are ever compared.
 */
export async function resetPassword(
  services: AppServices,
  input: { email: string; code: string; password: string },
  ip: string,
): Promise<void> {
  const guard = await services.limiter.hit(`reset-verify:${input.email}:${ip}`, WINDOW_MS);
  if (guard.count > RESET_CODE_MAX_ATTEMPTS * 2) throw rateLimited(guard.resetMs, 'code attempts');
  const rows = await services.database.query<{ id: string; user_id: string; code_hash: string }>(
    `update password_reset_codes set attempts = attempts + 1
     where id = (
       select c.id from password_reset_codes c join users u on u.id = c.user_id
       where u.email = $1 and u.deleted_at is null and c.used_at is null and c.expires_at > now()
       order by c.created_at desc limit 1
     ) and used_at is null and attempts < $2
     returning id, user_id, code_hash`,
    [input.email, RESET_CODE_MAX_ATTEMPTS],
  );
  const row = rows[0];
  if (!row || hashToken(`${row.user_id}:${input.code}`) !== row.code_hash) {
    throw new AppError('BAD_REQUEST', INVALID);
  }
  const passwordHash = await hashPassword(input.password);
  const spent = await services.database.query<{ id: string }>(
    'update password_reset_codes set used_at = now() where id = $1 and used_at is null returning id',
    [row.id],
  );
  if (spent.length === 0) throw new AppError('BAD_REQUEST', INVALID);
  await services.database.query('update users set password_hash = $1 where id = $2', [
    passwordHash,
    row.user_id,
  ]);
  await revokeAllForUser(services, row.user_id);
}
