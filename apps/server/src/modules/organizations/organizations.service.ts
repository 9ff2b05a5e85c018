import type { SessionAnswer } from '@opsuite/shared';
import type { Tx } from '../../db/client.ts';
import { bindTenant } from '../../db/tenant.ts';
import { newId } from '../../lib/ids.ts';
import type { OrganizationRow } from '../../plugins/types.ts';
import { DEFAULT_PLAN, DEFAULT_PLAN_PERMISSIONS } from './organizations.defaults.ts';
import { memberships, organizations } from './organizations.tables.ts';

export interface NewOrganization {
  name: string;
  timeZone?: string;
  themeColor?: string;
  isViewUserData?: boolean;
}

/**
 * Inserts a new organisation on the default plan inside `tx`, first switching the transaction to
 * the new tenant so row-level security checks every insert that follows. Answers its id.
 */
export async function insertOrganization(tx: Tx, input: NewOrganization): Promise<string> {
  const id = newId();
  await bindTenant(tx, id);
  await tx.insert(organizations).values({
    id,
    name: input.name,
    timeZone: input.timeZone ?? 'UTC',
    themeColor: input.themeColor ?? '#7367f0',
    isViewUserData: input.isViewUserData ?? false,
    plan: DEFAULT_PLAN,
    permissions: DEFAULT_PLAN_PERMISSIONS,
  });
  return id;
}

/** Makes a user a member of an organisation, switching `tx` to that organisation first. */
export async function insertMembership(
  tx: Tx,
  m: { organizationId: string; userId: string; userType: string },
): Promise<void> {
  await bindTenant(tx, m.organizationId);
  await tx
    .insert(memberships)
    .values({ organizationId: m.organizationId, userId: m.userId, userType: m.userType });
}

/** The organisation as the session and the settings page show it. */
export function organizationAnswer(o: OrganizationRow): SessionAnswer['organization'] {
  return {
    _id: o.id,
    name: o.name,
    themeColor: o.themeColor,
    logoLink: o.logoLink,
    timeZone: o.timeZone,
    plan: o.plan,
    planDetails: { permissions: o.permissions },
    isViewUserData: o.isViewUserData,
  };
}
