import { type LoginAnswer, roleLabel, type SessionAnswer } from '@opsuite/shared';
import type { DatabaseHandle } from '../../db/client.ts';
import { AppError, forbidden, notFound } from '../../lib/errors.ts';
import { NO_ID } from '../../lib/ids.ts';
import { resolveContext } from '../../plugins/context.ts';
import type { AppServices, RequestContext } from '../../plugins/types.ts';
import { issueTokens } from '../auth/index.ts';
import { organizationAnswer } from '../organizations/index.ts';

interface UserRow {
  id: string;
  email: string;
  full_name: string;
  photo: string | null;
}

interface MembershipRow {
  organization_id: string;
  user_type: string;
  name: string;
}

const USER_SQL = 'select id, email, full_name, photo from users where id = $1 and deleted_at is null';
const MEMBERSHIPS_SQL = `select m.organization_id, m.user_type, o.name from memberships m
  join organizations o on o.id = m.organization_id where m.user_id = $1 order by m.created_at, o.name`;

/** The signed-in user's data as the web app keeps it. */
export async function sessionAnswer(database: DatabaseHandle, ctx: RequestContext): Promise<SessionAnswer> {
  const [users, memberships] = await Promise.all([
    database.prepared<UserRow>('session_user', USER_SQL, [ctx.userId]),
    database.prepared<MembershipRow>('session_memberships', MEMBERSHIPS_SQL, [ctx.userId]),
  ]);
  const user = users[0];
  if (!user) throw notFound('User');
  const o = ctx.organization;
  return {
    userData: {
      id: user.id,
      currentUserId: user.id,
      fullName: user.full_name,
      email: user.email,
      photo: user.photo,
      userType: ctx.userType,
      roleLabel: roleLabel(ctx.userType),
      curRole: {
        contactTypeId: {
          _id: ctx.role.contactTypeId ?? NO_ID,
          name: ctx.role.contactTypeName,
          type: ctx.role.contactTypeType,
        },
        contactId: ctx.role.contactId,
        assignerId: ctx.role.assignerId,
      },
      organizations: memberships.map((m) => ({
        organizationId: m.organization_id,
        userType: m.user_type,
        name: m.name,
      })),
      ability: ctx.ability,
      dataFlow: ctx.dataFlow,
      isEmployee: ctx.isEmployee,
      plan: { permissions: o.permissions },
    },
    organization: organizationAnswer(o),
  };
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
