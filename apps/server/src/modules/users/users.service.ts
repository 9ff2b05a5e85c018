import type { UserAnswer } from '@opsuite/shared';
import { sql } from 'drizzle-orm';
import { AppError, notFound } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { AppServices, RequestContext } from '../../plugins/types.ts';
import { revokeAllForUser } from '../auth/refresh-tokens.service.ts';

interface UserRow {
  id: string;
  full_name: string;
  email: string;
  phone: string | null;
  photo: string | null;
  created_at: Date | string;
  password_hash: string;
}

function toAnswer(u: UserRow): UserAnswer {
  return {
    _id: u.id,
    fullName: u.full_name,
    email: u.email,
    phone: u.phone,
    photo: u.photo,
    createdAt: new Date(u.created_at).toISOString(),
  };
}

async function loadUser(services: AppServices, id: string): Promise<UserRow | undefined> {
  const rows = await services.database.query<UserRow>(
    'select id, full_name, email, phone, photo, created_at, password_hash from users where id = $1 and deleted_at is null',
    [id],
  );
  return rows[0];
}

/**
 * A user may read themselves; someone with users read access may read members of the
 * organisation they are acting in. Anyone else gets 404, as if the user did not exist.
 */
export async function getUser(services: AppServices, ctx: RequestContext, id: string): Promise<UserAnswer> {
  if (id !== ctx.userId) {
    const canRead = ctx.ability.some((r) => r.subject === 'users' && r.action === 'read');
    const member = canRead
      ? await services.database.query(
          'select 1 from memberships where organization_id = $1 and user_id = $2',
          [ctx.organizationId, id],
        )
      : [];
    if (member.length === 0) throw notFound('User');
  }
  const user = await loadUser(services, id);
  if (!user) throw notFound('User');
  return toAnswer(user);
}

export interface ProfileChanges {
  fullName?: string;
  phone?: string | null;
  photo?: string | null;
  currentPassword?: string;
  newPassword?: string;
}

/** Only the user themselves edits their profile; a password change needs the current one. */
export async function updateProfile(
  services: AppServices,
  actorId: string,
  id: string,
  changes: ProfileChanges,
): Promise<UserAnswer> {
  if (id !== actorId) throw notFound('User');
  const user = await loadUser(services, id);
  if (!user) throw notFound('User');
  let passwordHash = user.password_hash;
  if (changes.newPassword) {
    if (!(await verifyPassword(user.password_hash, changes.currentPassword ?? ''))) {
      throw new AppError('BAD_REQUEST', 'Current password is incorrect', [{ field: 'currentPassword' }]);
    }
    passwordHash = await hashPassword(changes.newPassword);
  }
  const rows = await services.database.query<UserRow>(
    `update users set full_name = $2, phone = $3, photo = $4, password_hash = $5 where id = $1
     returning id, full_name, email, phone, photo, created_at, password_hash`,
    [
      id,
      changes.fullName ?? user.full_name,
      changes.phone === undefined ? user.phone : changes.phone,
      changes.photo === undefined ? user.photo : changes.photo,
      passwordHash,
    ],
  );
  return toAnswer(rows[0]!);
}

/**
 * Deletes the signed-in user's account (soft: the row stays for history, the e-mail is freed),
 * after the password is confirmed; every session ends and each organisation's audit log notes it.
 */
export async function deleteSelf(
  services: AppServices,
  userId: string,
  input: { source: string; password: string },
): Promise<void> {
  const user = await loadUser(services, userId);
  if (!user) throw notFound('User');
  if (!(await verifyPassword(user.password_hash, input.password))) {
    throw new AppError('BAD_REQUEST', 'Password is incorrect', [{ field: 'password' }]);
  }
  await services.database.db.transaction(async (tx) => {
    await tx.execute(sql`update users set deleted_at = now() where id = ${userId}`);
    await tx.execute(
      sql`insert into audit_log (organization_id, id, actor_user_id, action, entity, entity_id, data)
          select m.organization_id, gen_random_uuid(), ${userId}, 'user.deleted', 'user', ${userId},
                 jsonb_build_object('source', ${input.source}::text)
          from memberships m where m.user_id = ${userId}`,
    );
  });
  await revokeAllForUser(services, userId);
}
