import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import { rows } from '../../lib/sql.ts';
import { getsCheckInCode, insertWithCheckInCode } from './check-in-code.ts';
import { contacts, roleAssignments } from './core.tables.ts';
import { storedPhone } from './phones.ts';

// The contacts other modules make: the contact that is a member of the organisation (sign-up,
// adding a member) and a visitor's lead contact (the public booking page).

export interface MemberContact {
  organizationId: string;
  userId: string;
  fullName: string;
  email: string;
  contactTypeId: string;
  assignerId?: string | null;
  /** Stored in E.164 with the organisation's country as the default region. */
  phone?: string | null;
}

/** The contact that is a user inside the organisation, and their role (its contact type, and for whom). */
export async function addMemberContact(
  tx: Tx,
  m: MemberContact,
): Promise<{ contactId: string; roleId: string }> {
  const contactId = newId();
  const roleId = newId();
  const values = {
    organizationId: m.organizationId,
    id: contactId,
    fullName: m.fullName,
    email: m.email,
    contactTypeId: m.contactTypeId,
    userId: m.userId,
    phone: await storedPhone(tx, m.organizationId, m.phone ?? null),
  };
  // A member gets a random check-in code and an employee a random punch id; admins get none.
  if (await getsCheckInCode(tx, m.organizationId, m.contactTypeId)) await insertWithCheckInCode(tx, values);
  else await tx.insert(contacts).values(values);
  await tx.insert(roleAssignments).values({
    organizationId: m.organizationId,
    id: roleId,
    userId: m.userId,
    contactTypeId: m.contactTypeId,
    contactId,
    assignerId: m.assignerId ?? null,
  });
  return { contactId, roleId };
}

export interface Visitor {
  name: string;
  email: string;
  phone?: string | null;
}

/** The live contact with this e-mail (oldest first), or a new lead contact for the visitor. */
/** The organisation's lead source of this name (any case), made on first use. */
async function leadSourceNamed(tx: Tx, orgId: string, name: string): Promise<string> {
  // Two first uses at once: the unique name index keeps one, and both read it back.
  await tx.execute(
    sql`insert into lead_sources (organization_id, id, name) values (${orgId}, ${newId()}, ${name})
        on conflict do nothing`,
  );
  const [source] = await rows<{ id: string }>(
    tx,
    sql`select id from lead_sources where organization_id = ${orgId} and lower(name) = lower(${name})
        order by created_at, id limit 1`,
  );
  return source!.id;
}

/**
 * The contact with the visitor's e-mail, or a new lead. A new lead gets `leadSource` (a lead
 * source name, made on first use); a contact that existed keeps the source it has.
 */
export async function findOrCreateLead(
  tx: Tx,
  orgId: string,
  v: Visitor,
  options: { leadSource?: string } = {},
): Promise<string> {
  const [found] = await rows<{ id: string }>(
    tx,
    sql`select id from contacts where organization_id = ${orgId} and lower(email) = ${v.email.toLowerCase()}
          and deleted_at is null and email is not null
        order by created_at, id limit 1`,
  );
  if (found) return found.id;
  const [lead] = await rows<{ id: string }>(
    tx,
    sql`select id from contact_types where organization_id = ${orgId} and type = 'lead' order by sort_order, id limit 1`,
  );
  const [first, ...rest] = v.name.split(' ');
  const id = newId();
  await tx.insert(contacts).values({
    organizationId: orgId,
    id,
    fullName: v.name,
    firstName: first || null,
    lastName: rest.join(' ') || null,
    email: v.email.toLowerCase(),
    phone: await storedPhone(tx, orgId, v.phone ?? null),
    contactTypeId: lead?.id ?? null,
    leadSourceId: options.leadSource ? await leadSourceNamed(tx, orgId, options.leadSource) : null,
  });
  return id;
}

/** Takes every role a user holds in the organisation away (removing them as a member). */
export async function removeMemberRoles(tx: Tx, organizationId: string, userId: string): Promise<void> {
  await tx
    .delete(roleAssignments)
    .where(and(eq(roleAssignments.organizationId, organizationId), eq(roleAssignments.userId, userId)));
}
