import type { UserAnswer } from '@opsuite/shared';
import { AppError, notFound } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import type { AppServices, RequestContext } from '../../plugins/types.ts';
import { findUser, markUserDeleted, saveProfile, type UserRow, withRevocations } from '../auth/index.ts';
import { recordAuditForMember } from '../organizations/index.ts';

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
  const user = await findUser(services.database, id);
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
  const user = await findUser(services.database, id);
  if (!user) throw notFound('User');
  let passwordHash = user.password_hash;
  if (changes.newPassword) {
    if (!(await verifyPassword(user.password_hash, changes.currentPassword ?? ''))) {
      throw new AppError('BAD_REQUEST', 'Current password is incorrect', [{ field: 'currentPassword' }]);
    }
    passwordHash = await hashPassword(changes.newPassword);
  }
  const row = await saveProfile(services.database, id, {
    fullName: changes.fullName ?? user.full_name,
    phone: changes.phone === undefined ? user.phone : changes.phone,
    photo: changes.photo === undefined ? user.photo : changes.photo,
    passwordHash,
  });
  return toAnswer(row);
}

/**
 * Deletes the signed-in user's account (soft: the row stays for history, the e-mail is freed),
 * after the password is confirmed; every session and access token ends at once, and each
 * organisation's audit log notes it.
 */
export async function deleteSelf(
  services: AppServices,
  userId: string,
  input: { source: string; password: string },
): Promise<void> {
  const user = await findUser(services.database, userId);
  if (!user) throw notFound('User');
  if (!(await verifyPassword(user.password_hash, input.password))) {
    throw new AppError('BAD_REQUEST', 'Password is incorrect', [{ field: 'password' }]);
  }
  // The account, its sessions and every access token it holds end in one transaction.
  await withRevocations(services, async (tx, revoke) => {
    await markUserDeleted(tx, userId);
    await revoke.user(userId);
    await recordAuditForMember(tx, userId, {
      actorUserId: userId,
      action: 'user.deleted',
      entity: 'user',
      entityId: userId,
      data: { source: input.source },
    });
  });
}
