import type {
  CheckInMembershipRule,
  CheckInRules,
  OrganizationSettingsAnswer,
  SessionAnswer,
} from '@opsuite/shared';
import { and, eq } from 'drizzle-orm';
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
  /** ISO 3166-1 alpha-2 (phone numbers' default region); US unless given. */
  country?: string;
  /** The check-in rules; unless given, a new organisation's defaults (see organizations.tables.ts). */
  checkInRules?: Partial<CheckInRules>;
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
    country: input.country ?? 'US',
    checkInMembership: input.checkInRules?.membership,
    checkInWindow: input.checkInRules?.window,
    checkInOpensMinutes: input.checkInRules?.opensMinutesBefore,
    checkInClosesMinutes: input.checkInRules?.closesMinutesAfter,
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

/** Ends a user's membership of the organisation (their roles are the contacts module's). */
export async function deleteMembership(tx: Tx, organizationId: string, userId: string): Promise<void> {
  await tx
    .delete(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
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

export type OrganizationTableRow = typeof organizations.$inferSelect;

/** The organisation as its settings page reads it: the session's answer, its country and check-in rules. */
export function organizationSettingsAnswer(row: OrganizationTableRow): OrganizationSettingsAnswer {
  return {
    ...organizationAnswer(row),
    country: row.country,
    checkInRules: checkInRulesOf(row),
  };
}

export function checkInRulesOf(row: OrganizationTableRow): OrganizationSettingsAnswer['checkInRules'] {
  return {
    membership: row.checkInMembership as CheckInMembershipRule,
    window: row.checkInWindow,
    opensMinutesBefore: row.checkInOpensMinutes,
    closesMinutesAfter: row.checkInClosesMinutes,
  };
}
