import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { AppError } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { rateLimited } from '../../lib/rate-limiter.ts';
import { hashToken } from '../../lib/tokens.ts';
import type { AppServices } from '../../plugins/types.ts';
import type { ResetCodeSender } from './reset-mail.ts';
import { withRevocations } from './revocations.service.ts';

export const RESET_CODE_TTL_MS = 15 * 60_000;
export const RESET_CODE_MAX_ATTEMPTS = 5;
const SEND_MAX_PER_WINDOW = 3;
const WINDOW_MS = 15 * 60_000;

/**
 * Asks for a 6-digit one-time code by e-mail. The answer is the same, and takes the same time,
 * whether or not the address has an account: this counts the request and hands the address to
 * the reset-code sender, which looks the account up, stores the code and sends the mail after
 * the answer has gone (reset-mail.ts).
 */
export async function sendResetCode(
  services: AppServices,
  sender: ResetCodeSender,
  email: string,
  ip: string,
): Promise<void> {
  const hit = await services.limiter.hit(`reset-send:${email}:${ip}`, WINDOW_MS);
  if (hit.count > SEND_MAX_PER_WINDOW) throw rateLimited(hit.resetMs, 'code requests');
  sender.enqueue(email);
}

/** The work behind a code request: nothing for an unknown address, else a fresh code by mail. */
export async function mailResetCode(services: AppServices, email: string): Promise<void> {
  const rows = await services.database.query<{ id: string; full_name: string }>(
    'select id, full_name from users where email = $1 and deleted_at is null',
    [email],
  );
  const user = rows[0];
  if (!user) return;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await services.database.db.transaction(async (tx) => {
    await tx.execute(
      sql`update password_reset_codes set used_at = now() where user_id = ${user.id} and used_at is null`,
    );
    await tx.execute(
      sql`insert into password_reset_codes (id, user_id, code_hash, expires_at)
          values (${newId()}, ${user.id}, ${hashToken(`${user.id}:${code}`)}, ${new Date(Date.now() + RESET_CODE_TTL_MS)})`,
    );
  });
  await services.mailer.send({
    to: email,
    subject: 'Your password reset code',
    text: `Hello ${user.full_name},\n\nYour password reset code is ${code}. It expires in 15 minutes.\n\nIf you did not ask for it, ignore this message.`,
  });
}

const INVALID = 'The code is invalid or has expired';

/**
 * Checks the code (at most 5 tries per code), sets the new password and ends every session.
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
  // The code is spent, the password changed and every session ended together.
  await withRevocations(services, async (tx, revoke) => {
    const spent = await tx.execute(
      sql`update password_reset_codes set used_at = now() where id = ${row.id} and used_at is null returning id`,
    );
    if (spent.rows.length === 0) throw new AppError('BAD_REQUEST', INVALID);
    await tx.execute(sql`update users set password_hash = ${passwordHash} where id = ${row.user_id}`);
    await revoke.sessionsOf(row.user_id);
  });
}
