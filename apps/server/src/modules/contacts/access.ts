import { type Action, BASE_RESOURCE, can, isOwnerType } from '@opsuite/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { AppError, forbidden, lookupMissing, notFound } from '../../lib/errors.ts';
import { rows } from '../../lib/sql.ts';
import { tenantRoute } from '../../plugins/access.ts';
import type { RequestContext } from '../../plugins/types.ts';

// Who may see and change which contacts, beyond the route's permission rule.

/** Every contacts route is tenant-scoped with a rule on the contacts resource. */
export const contactsAccess = (action: Action) => tenantRoute('contacts', action);

/** Admins and the primary account holder manage the organisation's roles and see every contact. */
export function isOrganizationAdmin(ctx: RequestContext): boolean {
  return isOwnerType(ctx.userType);
}

/**
 * Data flow: an admin of an organisation with view-user-data on is in
 * data-flow mode, and the list's switch decides what they see: On (the default) every contact,
 * Off only the contacts owned by their access ids (their own id and the assigner's), by
 * `contacts.created_by`. Other admins (and the primary account holder) see every contact; anyone
 * else sees the contacts owned by their access ids, whatever the switch says. Applied to the
 * contacts list, its filtered total and the export; the picker searches, counts and single reads
 * cover the whole organisation.
 */
export function visibilityCondition(ctx: RequestContext, dataFlow?: 'on' | 'off'): SQL | null {
  if (ctx.dataFlow) return dataFlow === 'off' ? ownedByAccessIds(ctx) : null;
  return isOrganizationAdmin(ctx) ? null : ownedByAccessIds(ctx);
}

/** Access ids: the user's id and the assigner's id. */
export function accessIds(ctx: RequestContext): string[] {
  return [...new Set([ctx.userId, ctx.role.assignerId].filter((v): v is string => !!v))];
}

const ownedByAccessIds = (ctx: RequestContext) =>
  sql`c.created_by = any(${sql.param(accessIds(ctx))}::uuid[])`;

/** A route every member of the organisation reaches; its handler calls assertOwnOrContactsRead. */
export const ownOrContactsRead = tenantRoute(BASE_RESOURCE, 'read');

/** Contacts read access, or the caller's own contact (a member reading their record). */
export function assertOwnOrContactsRead(ctx: RequestContext, contactId: string): void {
  if (can(ctx.ability, 'read', 'contacts') || ctx.role.contactId === contactId) return;
  throw forbidden('You do not have read access to contacts');
}

export function requireAbility(ctx: RequestContext, action: 'update' | 'write' | 'delete'): void {
  if (!can(ctx.ability, action, 'contacts')) throw forbidden(`You do not have ${action} access to contacts`);
}

const ROLE_TYPES = new Set(['admin', 'primary']);

const MEMBER_ROLE_ADMIN_ONLY = 'Only an admin can change the role of a member';
const OWN_ROLE = 'You cannot change your own role';

/**
 * The one rule for changing contacts' type, whichever call changes it (update-role, mass-move,
 * a contact's update, an import's type):
 * - the new type must be one of this organisation's (`newTypeId` null clears the type);
 * - only an admin may give a contact an admin or primary type, or change an admin's type;
 * - a member's contact type is their role (role_assignments follows it): only an admin changes
 *   it, and nobody changes their own. Only members whose type really changes count, so sending a
 *   member's current type again is no role change.
 * Otherwise an employee could promote themselves, or demote or promote a member in bulk.
 * `idsField` names the input that carried the contacts, for the own-role refusal.
 */
export async function assertTypeChange(
  tx: Tx,
  ctx: RequestContext,
  organizationId: string,
  contactIds: string[],
  newTypeId: string | null,
  idsField = 'ids',
): Promise<void> {
  const ids = sql`${sql.param(contactIds)}::uuid[]`;
  const [row] = await rows<{ target: string | null; privileged: number; members: number; own: number }>(
    tx,
    sql`select
      (select type from contact_types where organization_id = ${organizationId} and id = ${newTypeId}::uuid) as target,
      (select count(*)::int from contacts c
        join contact_types ct on ct.organization_id = c.organization_id and ct.id = c.contact_type_id
        where c.organization_id = ${organizationId} and c.id = any(${ids})
          and ct.type in ('admin', 'primary')) as privileged,
      (select count(*)::int from role_assignments r
        join contacts c on c.organization_id = r.organization_id and c.id = r.contact_id
        where r.organization_id = ${organizationId} and r.contact_id = any(${ids})
          and c.contact_type_id is distinct from ${newTypeId}::uuid) as members,
      (select count(*)::int from role_assignments r
        join contacts c on c.organization_id = r.organization_id and c.id = r.contact_id
        where r.organization_id = ${organizationId} and r.contact_id = any(${ids})
          and c.contact_type_id is distinct from ${newTypeId}::uuid and r.user_id = ${ctx.userId}) as own`,
  );
  if (newTypeId && !row?.target) throw lookupMissing('contactTypeId');
  if (!isOrganizationAdmin(ctx)) {
    if (row?.target && ROLE_TYPES.has(row.target))
      throw forbidden('Only an admin can give this contact type');
    if ((row?.privileged ?? 0) > 0) throw forbidden('Only an admin can change the type of an admin');
    if ((row?.members ?? 0) > 0) throw forbidden(MEMBER_ROLE_ADMIN_ONLY);
  }
  if ((row?.own ?? 0) > 0) throw new AppError('BAD_REQUEST', OWN_ROLE, [{ field: idsField }]);
}

/**
 * Every id must name a live contact of this organisation; otherwise the whole request is refused
 * with 404 before anything is written (another organisation's ids look like missing ones).
 *
 * `lockForWrite` also locks each contact, in id order, for a write that changes several contacts
 * in more than one statement (tag links, then the rows). Otherwise two such writes over the same
 * contacts deadlock: each tag link locks its contact FOR SHARE, and neither write can then take
 * the row for its update while the other holds that share.
 */
export async function assertContactsExist(
  tx: Tx,
  organizationId: string,
  ids: string[],
  opts: { lockForWrite?: boolean } = {},
): Promise<void> {
  const unique = [...new Set(ids)];
  const live = sql`from contacts
    where organization_id = ${organizationId} and id = any(${sql.param(unique)}::uuid[]) and deleted_at is null`;
  const found = opts.lockForWrite
    ? (await rows<{ id: string }>(tx, sql`select id ${live} order by id for no key update`)).length
    : ((await rows<{ n: number }>(tx, sql`select count(*)::int as n ${live}`))[0]?.n ?? 0);
  if (found !== unique.length) {
    throw notFound(unique.length === 1 ? 'Contact' : 'One or more contacts');
  }
}

type LookupTable =
  | 'stages'
  | 'lead_sources'
  | 'client_ranks'
  | 'rank_categories'
  | 'tags'
  | 'contact_types'
  | 'contact_fields';

/** Lookup ids (stage, lead source, rank, tags, contact type) must belong to this organisation. */
export async function assertLookupsExist(
  tx: Tx,
  organizationId: string,
  refs: { table: LookupTable; ids: string[]; field: string }[],
): Promise<void> {
  const checks = refs.filter((r) => r.ids.length > 0);
  if (checks.length === 0) return;
  const parts = checks.map(
    (r, i) =>
      sql`select ${i}::int as i, count(*)::int as n from ${sql.identifier(r.table)}
          where organization_id = ${organizationId} and id = any(${sql.param([...new Set(r.ids)])}::uuid[])`,
  );
  const records = await rows<{ i: number; n: number }>(tx, sql.join(parts, sql` union all `));
  for (const row of records) {
    const ref = checks[row.i]!;
    if (row.n !== new Set(ref.ids).size) throw lookupMissing(ref.field);
  }
}
