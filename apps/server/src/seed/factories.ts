import type { Database } from '../db/client.ts';
import { newId } from '../lib/ids.ts';
import { hashPassword } from '../lib/passwords.ts';
import {
  addMember,
  createOrganization,
  type MemberRole,
  type NewOrganization,
} from '../modules/accounts/index.ts';
import { insertUsers } from '../modules/auth/index.ts';
import { DEFAULT_ROLE_GRANTS } from '../modules.ts';

export type { MemberRole };

export interface MemberSpec {
  email: string;
  fullName: string;
  role: MemberRole;
  password?: string;
  /** Email of another member who assigned this role (the assigner). */
  assignedBy?: string;
}

export interface SeededMember {
  userId: string;
  contactId: string;
  email: string;
  password: string;
  role: MemberRole;
  assignerId: string | null;
}

export interface SeededOrganization {
  id: string;
  name: string;
  contactTypeIds: Record<MemberRole, string>;
  members: Record<string, SeededMember>;
}

/**
 * One call creates an organisation with its members (users, memberships, contacts, roles).
 * The demo seed and the tests share it, so both exercise the product's own write paths.
 */
export async function seedOrganization(
  db: Database,
  org: NewOrganization,
  members: MemberSpec[],
  defaultPassword = 'demo1234',
): Promise<SeededOrganization> {
  const hashes = await Promise.all(members.map((m) => hashPassword(m.password ?? defaultPassword)));
  return db.transaction(async (tx) => {
    const seeded: Record<string, SeededMember> = {};
    const userIds = members.map(() => newId());
    // Users are global rows; insert them before the transaction switches to the tenant role.
    await insertUsers(
      tx,
      members.map((m, i) => ({
        id: userIds[i]!,
        email: m.email,
        passwordHash: hashes[i]!,
        fullName: m.fullName,
      })),
    );
    const created = await createOrganization(tx, org, DEFAULT_ROLE_GRANTS);
    for (const [i, m] of members.entries()) {
      const assignerId = m.assignedBy ? (seeded[m.assignedBy]?.userId ?? null) : null;
      const { contactId } = await addMember(tx, {
        organizationId: created.id,
        userId: userIds[i]!,
        fullName: m.fullName,
        email: m.email,
        contactTypeId: created.contactTypeIds[m.role],
        userType: m.role,
        assignerId,
      });
      seeded[m.email] = {
        userId: userIds[i]!,
        contactId,
        email: m.email,
        password: m.password ?? defaultPassword,
        role: m.role,
        assignerId,
      };
    }
    return { id: created.id, name: org.name, contactTypeIds: created.contactTypeIds, members: seeded };
  });
}
