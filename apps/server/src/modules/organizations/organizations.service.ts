import type { Database, Tx } from '../../db/client.ts';
import { bindTenant } from '../../db/tenant.ts';
import { newId } from '../../lib/ids.ts';
import { auditLog } from '../audit/audit.tables.ts';
import { contacts, contactTypes, roleAssignments } from '../contacts/contacts.tables.ts';
import {
  DEFAULT_CONTACT_TYPES,
  DEFAULT_PLAN,
  DEFAULT_PLAN_PERMISSIONS,
  type DefaultContactType,
} from './organizations.defaults.ts';
import { memberships, organizations } from './organizations.tables.ts';

export interface NewOrganization {
  name: string;
  timeZone?: string;
  themeColor?: string;
  isViewUserData?: boolean;
}

export interface CreatedOrganization {
  id: string;
  contactTypeIds: Record<DefaultContactType['key'], string>;
}

/**
 * Creates an organisation with its default contact types inside `tx`, switching the transaction
 * to the new tenant so row-level security checks every insert.
 */
export async function createOrganization(tx: Tx, input: NewOrganization): Promise<CreatedOrganization> {
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
  const contactTypeIds = {} as CreatedOrganization['contactTypeIds'];
  await tx.insert(contactTypes).values(
    DEFAULT_CONTACT_TYPES.map((ct, i) => {
      const ctId = newId();
      contactTypeIds[ct.key] = ctId;
      return {
        organizationId: id,
        id: ctId,
        name: ct.name,
        type: ct.type,
        permissions: ct.permissions,
        isSystem: true,
        sortOrder: i,
      };
    }),
  );
  return { id, contactTypeIds };
}

export interface NewMember {
  organizationId: string;
  userId: string;
  fullName: string;
  email: string;
  contactTypeId: string;
  userType: string;
  assignerId?: string | null;
  actorUserId?: string | null;
}

/** Adds a user to an organisation: membership, the contact that is "them" there, and their role. */
export async function addMember(tx: Tx, m: NewMember): Promise<{ contactId: string; roleId: string }> {
  await bindTenant(tx, m.organizationId);
  const contactId = newId();
  const roleId = newId();
  await tx
    .insert(memberships)
    .values({ organizationId: m.organizationId, userId: m.userId, userType: m.userType });
  await tx.insert(contacts).values({
    organizationId: m.organizationId,
    id: contactId,
    fullName: m.fullName,
    email: m.email,
    contactTypeId: m.contactTypeId,
    userId: m.userId,
  });
  await tx.insert(roleAssignments).values({
    organizationId: m.organizationId,
    id: roleId,
    userId: m.userId,
    contactTypeId: m.contactTypeId,
    contactId,
    assignerId: m.assignerId ?? null,
  });
  await tx.insert(auditLog).values({
    organizationId: m.organizationId,
    id: newId(),
    actorUserId: m.actorUserId ?? m.userId,
    action: 'member.added',
    entity: 'user',
    entityId: m.userId,
    data: { userType: m.userType },
  });
  return { contactId, roleId };
}

export type { Database };
