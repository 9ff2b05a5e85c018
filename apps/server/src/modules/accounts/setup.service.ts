import type { RoleGrant } from '@opsuite/shared';
import type { Tx } from '../../db/client.ts';
import { Seam, type Seams } from '../../lib/seams.ts';
import {
  addMemberContact,
  createDefaultContactTypes,
  type DefaultContactType,
  type DefaultContactTypeIds,
} from '../contacts/index.ts';
import {
  insertMembership,
  insertOrganization,
  type NewOrganization,
  recordAudit,
} from '../organizations/index.ts';

// A new organisation and a new member, each made of several modules' rows in one transaction.

export type MemberRole = DefaultContactType['key'];

export interface CreatedOrganization {
  id: string;
  contactTypeIds: DefaultContactTypeIds;
}

/**
 * Creates an organisation with its default contact types inside `tx`, switching the transaction
 * to the new tenant so row-level security checks every insert.
 */
export async function createOrganization(
  tx: Tx,
  input: NewOrganization,
  grants: readonly RoleGrant[],
): Promise<CreatedOrganization> {
  const id = await insertOrganization(tx, input);
  return { id, contactTypeIds: await createDefaultContactTypes(tx, id, grants) };
}

/**
 * Every module's grants to the default roles, gathered by the app's wiring (modules.ts) and kept
 * on the app, for the organisations sign-up makes.
 */
export const ROLE_GRANTS = new Seam<readonly RoleGrant[]>('default role grants');
export const roleGrantsOf = (services: { seams: Seams }): RoleGrant[] =>
  services.seams.all(ROLE_GRANTS).flatMap(([, grants]) => grants);

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
  await insertMembership(tx, { organizationId: m.organizationId, userId: m.userId, userType: m.userType });
  const added = await addMemberContact(tx, m);
  await recordAudit(tx, {
    organizationId: m.organizationId,
    actorUserId: m.actorUserId ?? m.userId,
    action: 'member.added',
    entity: 'user',
    entityId: m.userId,
    data: { userType: m.userType },
  });
  return added;
}

export type { NewOrganization };
