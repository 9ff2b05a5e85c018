import { isOwnerType, type OrganizationMember } from '@opsuite/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { rows } from '../../lib/sql.ts';
import type { RequestContext } from '../../plugins/types.ts';
import { removeMemberRoles } from '../contacts/index.ts';
import { deleteMembership, recordAudit } from '../organizations/index.ts';

// Who can sign in to an organisation, and taking that away. A member is a membership row; what
// they may do comes from their role (a role assignment linked to their contact). Removing a
// member deletes both, so the next request with their token, or a fresh sign-in, no longer
// reaches the organisation: the request context is read from these rows on every request.

interface MemberRow {
  user_id: string;
  full_name: string;
  email: string;
  contact_id: string | null;
  role_name: string | null;
  user_type: string;
  joined_at: Date | string;
}

/**
 * Each member with the role the session would give them when no assigner is named: the role
 * with no assigner first, then the oldest, as the request context picks it.
 */
function membersSql(orgId: string, userId?: string) {
  return sql`select m.user_id, u.full_name, u.email, r.contact_id, ct.name as role_name,
      lower(coalesce(nullif(trim(ct.type), ''), nullif(trim(ct.name), ''), nullif(trim(m.user_type), ''), 'user'))
        as user_type,
      m.created_at as joined_at
    from memberships m
    join users u on u.id = m.user_id
    left join lateral (
      select r.contact_id, r.contact_type_id from role_assignments r
      where r.organization_id = m.organization_id and r.user_id = m.user_id
      order by (r.assigner_id is null) desc, r.created_at, r.id limit 1
    ) r on true
    left join contact_types ct on ct.organization_id = m.organization_id and ct.id = r.contact_type_id
    where m.organization_id = ${orgId} ${userId ? sql`and m.user_id = ${userId}` : sql``}
    order by lower(u.full_name), u.email`;
}

function toMember(r: MemberRow): OrganizationMember {
  return {
    userId: r.user_id,
    fullName: r.full_name,
    email: r.email,
    contactId: r.contact_id,
    roleName: r.role_name ?? (isOwnerType(r.user_type) ? 'Admin' : 'User'),
    userType: r.user_type,
    joinedAt: new Date(r.joined_at).toISOString(),
  };
}

export async function listMembers(tx: Tx, orgId: string): Promise<OrganizationMember[]> {
  return (await rows<MemberRow>(tx, membersSql(orgId))).map(toMember);
}

/** Admins and the primary account holder run the organisation; one of them must stay. */
const ownerCount = (members: OrganizationMember[]) => members.filter((m) => isOwnerType(m.userType)).length;

/**
 * Removes a member: their membership and every role they hold here, audited. Only an admin or
 * the owner may, and the last of them cannot be removed. The organisation's row is locked first,
 * so two removals at once (each seeing the other admin still there) run one after the other and
 * the second sees the first's result (and its actor, if it was the one removed, is refused).
 */
export async function removeMember(tx: Tx, ctx: RequestContext, userId: string): Promise<OrganizationMember> {
  if (!isOwnerType(ctx.userType)) throw forbidden('Only an admin or the owner can remove a member');
  const orgId = ctx.organizationId;
  await tx.execute(sql`select 1 from organizations where id = ${orgId} for no key update`);
  const members = await listMembers(tx, orgId);
  // Read again under the lock: a removal that committed while this one waited may have been the
  // actor's own.
  const actor = members.find((m) => m.userId === ctx.userId);
  if (!actor || !isOwnerType(actor.userType))
    throw forbidden('Only an admin or the owner can remove a member');
  const target = members.find((m) => m.userId === userId);
  if (!target) throw notFound('Member');
  if (isOwnerType(target.userType) && ownerCount(members) <= 1) {
    throw conflict(
      `${target.fullName} is the last admin of this organisation: make someone else an admin first`,
    );
  }
  await removeMemberRoles(tx, orgId, userId);
  await deleteMembership(tx, orgId, userId);
  await recordAudit(tx, {
    organizationId: orgId,
    actorUserId: ctx.userId,
    action: 'member.removed',
    entity: 'user',
    entityId: userId,
    data: { email: target.email, userType: target.userType, contactId: target.contactId },
  });
  return target;
}
