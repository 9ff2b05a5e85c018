import type { AbilityRule, PermissionRule } from '../contracts/auth.ts';

export const ACTIONS = ['read', 'write', 'update', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

/** The base resource: read on it is granted to everyone who is signed in. */
export const BASE_RESOURCE = 'base';

/** Every resource a plan or a role can grant; the web menu is built from the same list. */
export const RESOURCES = [
  'dashboard',
  'contacts',
  'booking',
  'calendar',
  'kiosk',
  'staff',
  'billing',
  'payroll',
  'tips',
  'giftcards',
  'workspace',
  'marketing',
  'ads',
  'documents',
  'events',
  'shop',
  'finance',
  'settings',
  'users',
] as const;
export type Resource = (typeof RESOURCES)[number] | typeof BASE_RESOURCE;

export function fullRule(resource: string): PermissionRule {
  return { resource, read: true, write: true, update: true, delete: true };
}

/** The default roles a module may grant something on its own resources. */
export type GrantedRole = 'employee' | 'client';

/**
 * What a module grants a default role on a resource it guards. Each server module declares its
 * own (its index.ts exports `roleGrants`); the app's wiring gathers them for a new
 * organisation's roles, so no list names every module's grants.
 */
export interface RoleGrant {
  role: GrantedRole;
  rule: PermissionRule;
}

/** Read, write and update, not delete: what an employee or a member does day to day. */
export const grantReadWriteUpdate = (role: GrantedRole, resource: Resource): RoleGrant => ({
  role,
  rule: { resource, read: true, write: true, update: true, delete: false },
});
export const grantRead = (role: GrantedRole, resource: Resource): RoleGrant => ({
  role,
  rule: readOnlyRule(resource),
});

/** One role's rules from every module's grants, in the order of RESOURCES. */
export function grantedRules(role: GrantedRole, grants: readonly RoleGrant[]): PermissionRule[] {
  const place = (r: PermissionRule) => (RESOURCES as readonly string[]).indexOf(r.resource);
  return grants
    .filter((g) => g.role === role)
    .map((g) => g.rule)
    .sort((a, b) => place(a) - place(b));
}

export function readOnlyRule(resource: string): PermissionRule {
  return { resource, read: true, write: false, update: false, delete: false };
}

/**
 * Turns resource rules into ability rules: read on base for all; per resource the
 * granted actions, with write/update/delete only when read is granted too.
 */
export function buildAbility(rules: readonly PermissionRule[]): AbilityRule[] {
  const out: AbilityRule[] = [{ action: 'read', subject: BASE_RESOURCE }];
  const seen = new Set<string>([`read:${BASE_RESOURCE}`]);
  for (const rule of rules) {
    if (!rule.read) continue;
    for (const action of ACTIONS) {
      if (!rule[action]) continue;
      const key = `${action}:${rule.resource}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ action, subject: rule.resource });
    }
  }
  return out;
}

/**
 * What a role may do inside an organisation: the role's own rules narrowed to what the plan
 * grants. A role with no rules of its own (an admin) gets the plan's rules.
 */
export function effectiveRules(
  planRules: readonly PermissionRule[],
  roleRules: readonly PermissionRule[] | null,
): PermissionRule[] {
  if (roleRules === null) return planRules.map((r) => ({ ...r }));
  const plan = new Map(planRules.map((r) => [r.resource, r]));
  const out: PermissionRule[] = [];
  for (const role of roleRules) {
    const p = plan.get(role.resource);
    if (!p) continue;
    out.push({
      resource: role.resource,
      read: role.read && p.read,
      write: role.write && p.write,
      update: role.update && p.update,
      delete: role.delete && p.delete,
    });
  }
  return out;
}

export function can(ability: readonly AbilityRule[], action: Action, subject: string): boolean {
  if (subject === BASE_RESOURCE && action === 'read') return true;
  return ability.some((r) => r.subject === subject && r.action === action);
}

export interface UserTypeInput {
  contactType?: { name?: string | null; type?: string | null } | null;
  organizationUserType?: string | null;
}

/**
 * A user's type comes from the current role (its contact type's type, then its name) or from
 * the organisation entry, and defaults to user.
 */
export function deriveUserType(input: UserTypeInput): string {
  const fromRole = input.contactType?.type?.trim() || input.contactType?.name?.trim();
  if (fromRole) return fromRole.toLowerCase();
  const fromOrg = input.organizationUserType?.trim();
  if (fromOrg) return fromOrg.toLowerCase();
  return 'user';
}

/** Default role label: User, or Primary Account for the account owner. */
export function roleLabel(userType: string): string {
  if (userType === 'primary') return 'Primary Account';
  if (userType === 'admin') return 'Admin';
  if (userType === 'employee') return 'Employee';
  if (userType === 'client') return 'Client';
  return 'User';
}

/** The business's owner (the primary account holder) runs it with every admin permission. */
export const OWNER_TYPES: readonly string[] = ['admin', 'primary'];

/** Admins and the primary account holder: the admin screens and the admin home. */
export function isOwnerType(userType: string): boolean {
  return OWNER_TYPES.includes(userType);
}

/** Who works for the business: the owner types and employees (the staff home, instructors). */
export const STAFF_TYPES: readonly string[] = [...OWNER_TYPES, 'employee'];

export function isStaffType(userType: string): boolean {
  return STAFF_TYPES.includes(userType);
}

/**
 * Where each user type lands after sign-in: an admin on `/`, a client on
 * `/access-control`, any type without a web role on `/login`. The primary account holder is the
 * business's owner and lands on `/` like an admin; an employee lands on `/` too, on the staff home.
 */
export function landingPath(userType: string): '/' | '/access-control' | '/login' {
  if (isStaffType(userType)) return '/';
  if (userType === 'client') return '/access-control';
  return '/login';
}

/** The data-flow flag: an admin in an organisation with view-user-data on. */
export function dataFlowFor(userType: string, isViewUserData: boolean): boolean {
  return userType === 'admin' && isViewUserData;
}
