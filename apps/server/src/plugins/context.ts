import {
  buildAbility,
  dataFlowFor,
  deriveUserType,
  effectiveRules,
  type PermissionRule,
} from '@opsuite/shared';
import type { DatabaseHandle } from '../db/client.ts';
import type { Prelude } from '../db/fast/tenant-pg.ts';
import { AppError, forbidden } from '../lib/errors.ts';
import type { ContextCache } from './context-cache.ts';
import type { OrganizationRow, RequestContext } from './types.ts';

export interface ContextRow {
  user_type: string;
  org_id: string;
  org_name: string;
  theme_color: string;
  logo_link: string | null;
  time_zone: string;
  plan: { planId: string; name: string }[];
  permissions: PermissionRule[];
  is_view_user_data: boolean;
  role_id: string | null;
  contact_id: string | null;
  assigner_id: string | null;
  assigner_match: boolean | null;
  ct_id: string | null;
  ct_name: string | null;
  ct_type: string | null;
  ct_permissions: PermissionRule[] | null;
}

/*
 * One indexed read per request: the membership, the organisation and the role that matches the
 * assigner header (or the user's first role when the header is absent). Every table in it is
 * filtered to the one organisation, so it runs equally as the system role or under row-level
 * security inside the request's tenant transaction. $1 organisation, $2 user, $3 assigner.
 */
export const CONTEXT_SQL = `
select m.user_type, o.id as org_id, o.name as org_name, o.theme_color, o.logo_link, o.time_zone,
       o.plan, o.permissions, o.is_view_user_data,
       ra.id as role_id, ra.contact_id, ra.assigner_id,
       (ra.assigner_id is not distinct from $3::uuid) as assigner_match,
       ct.id as ct_id, ct.name as ct_name, ct.type as ct_type, ct.permissions as ct_permissions
from memberships m
join organizations o on o.id = m.organization_id
left join lateral (
  select r.* from role_assignments r
  where r.organization_id = m.organization_id and r.user_id = m.user_id
  order by (r.assigner_id is not distinct from $3::uuid) desc, r.created_at, r.id
  limit 1
) ra on true
left join contact_types ct on ct.organization_id = ra.organization_id and ct.id = ra.contact_type_id
where m.organization_id = $1::uuid and m.user_id = $2::uuid`;

const FIRST_ORG_SQL = `select organization_id from memberships where user_id = $1 order by created_at, organization_id limit 1`;

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ContextHeaders {
  organization?: string;
  assigner?: string;
  isEmployee?: string;
}

function blank(v: string | undefined): boolean {
  return v === undefined || v === '' || v === 'null' || v === 'undefined';
}

export interface ContextKey {
  userId: string;
  organizationId: string;
  assigner: string | null;
}

/** Checks the headers' form and finds the organisation (the user's first when none is named). */
export async function contextKey(
  database: DatabaseHandle,
  userId: string,
  headers: ContextHeaders,
  cache?: ContextCache,
): Promise<ContextKey> {
  if (!UUID_RE.test(userId)) throw new AppError('UNAUTHENTICATED', 'Invalid token');
  let orgId = headers.organization;
  if (blank(orgId)) {
    orgId = cache?.firstOrganization(userId);
    if (!orgId) {
      const ticket = cache?.ticket();
      const first = await database.prepared<{ organization_id: string }>('ctx_first_org', FIRST_ORG_SQL, [
        userId,
      ]);
      orgId = first[0]?.organization_id;
      if (!orgId) throw forbidden('You do not belong to any organisation');
      if (ticket) cache!.keepFirstOrganization(ticket, userId, orgId);
    }
  }
  if (!UUID_RE.test(orgId!)) {
    throw new AppError('BAD_REQUEST', 'The organization header must be an organisation id');
  }
  const assigner = blank(headers.assigner) ? null : headers.assigner!;
  if (assigner !== null && !UUID_RE.test(assigner)) {
    throw new AppError('BAD_REQUEST', 'The assigner header must be a user id');
  }
  return { userId, organizationId: orgId!, assigner };
}

/** The context read's parameters. */
export const contextValues = (key: ContextKey) => [key.organizationId, key.userId, key.assigner];

/** The context read as a prepared statement, to travel with BEGIN. */
export function contextPrelude(key: ContextKey): Prelude {
  return { name: 'ctx_lookup', text: CONTEXT_SQL, values: contextValues(key), generic: true };
}

/** Turns the context row into the request context, checking the headers against it. */
export function contextFromRow(
  row: ContextRow | undefined,
  userId: string,
  headers: ContextHeaders,
): RequestContext {
  if (!row) throw forbidden('You are not a member of this organisation');
  return checkedContext(row, deriveContext(row, userId), headers);
}

/**
 * The request context a context row gives, whatever the headers say: kept in memory per
 * process (ContextCache) and checked against each request's headers by checkedContext.
 */
export function deriveContext(row: ContextRow, userId: string): RequestContext {
  const userType = deriveUserType({
    contactType: row.ct_id ? { name: row.ct_name, type: row.ct_type } : null,
    organizationUserType: row.user_type,
  });
  const organization: OrganizationRow = {
    id: row.org_id,
    name: row.org_name,
    themeColor: row.theme_color,
    logoLink: row.logo_link,
    timeZone: row.time_zone,
    plan: row.plan,
    permissions: row.permissions,
    isViewUserData: row.is_view_user_data,
  };
  const rules = effectiveRules(row.permissions, row.ct_id ? row.ct_permissions : []);
  return {
    userId,
    organizationId: row.org_id,
    organization,
    membershipUserType: row.user_type,
    role: {
      roleId: row.role_id,
      contactTypeId: row.ct_id,
      contactTypeName: row.ct_name ?? 'User',
      contactTypeType: row.ct_type ?? row.user_type,
      contactId: row.contact_id,
      assignerId: row.assigner_id,
    },
    userType,
    isEmployee: userType === 'employee',
    rules,
    ability: buildAbility(rules),
    dataFlow: dataFlowFor(userType, row.is_view_user_data),
  };
}

/** The context for this request: the headers checked against it, never trusted. */
export function checkedContext(
  row: ContextRow,
  context: RequestContext,
  headers: ContextHeaders,
): RequestContext {
  // An explicit assigner header must name the assigner of one of the user's roles.
  if (headers.assigner !== undefined && row.role_id && !row.assigner_match) {
    throw forbidden('The assigner does not match your role in this organisation');
  }
  if (!blank(headers.isEmployee) && (headers.isEmployee === 'true') !== context.isEmployee) {
    throw forbidden('The isemployee header does not match your role');
  }
  // A copy: the kept context is shared by every request of the same user and role.
  return { ...context };
}

/** The context read outside any tenant transaction (sign-in, PGlite). */
export async function resolveContext(
  database: DatabaseHandle,
  userId: string,
  headers: ContextHeaders,
): Promise<RequestContext> {
  const key = await contextKey(database, userId, headers);
  const rows = await database.prepared<ContextRow>('ctx_lookup', CONTEXT_SQL, contextValues(key));
  return contextFromRow(rows[0], userId, headers);
}
