import type {
  ContactAnswer,
  ContactCreateBody,
  ContactPickerOption,
  ContactUpdateBody,
} from '@opsuite/shared';
import { normalizePhone, phoneDigits } from '@opsuite/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { rows, uniqueOr409 } from '../../lib/sql.ts';
import type { RequestContext } from '../../plugins/types.ts';
import { assertContactsExist, assertLookupsExist, assertTypeChange } from './access.ts';
import { loadContacts } from './answers/read.ts';
import { getsCheckInCode, insertWithCheckInCode } from './check-in-code.ts';
import { contacts, contactTags } from './contacts.tables.ts';
import type { ContactHookList } from './hooks.ts';
import { phoneCountryOf, storedPhone } from './phones.ts';
import { pickerOptionSql, toPickerOption } from './picker.ts';
import { recordActivities, recordActivity, setLastAttended } from './records/activities.service.ts';

// Creating, changing, reading one by one and (soft) deleting contacts.

/** The kiosk pads typed codes to 10 digits, so numeric punch ids are stored padded. */
export function normalizePunchId(punchId: string | null | undefined): string | null | undefined {
  if (punchId === null || punchId === undefined) return punchId;
  return /^\d{1,9}$/.test(punchId) ? punchId.padStart(10, '0') : punchId;
}

const PUNCH_TAKEN = 'This punch ID is already in use';

/** Turns the punch-id unique index into a clear 409 (two writers racing for one id). */
export const guardPunchId = <T>(work: () => Promise<T>): Promise<T> =>
  uniqueOr409('contacts_org_punch_uq', 'punchId', PUNCH_TAKEN, work);

export async function assertPunchIdFree(tx: Tx, orgId: string, punchId: string, exceptId?: string) {
  const hits = await rows<{ id: string }>(
    tx,
    sql`select id from contacts where organization_id = ${orgId} and punch_id = ${punchId}
        and deleted_at is null and id is distinct from ${exceptId ?? null}::uuid limit 1`,
  );
  if (hits.length > 0) throw conflict(PUNCH_TAKEN, 'punchId');
}

async function validateReferences(tx: Tx, ctx: RequestContext, body: ContactUpdateBody, ids: string[]) {
  const orgId = ctx.organizationId;
  await assertLookupsExist(tx, orgId, [
    { table: 'stages', ids: body.stageId ? [body.stageId] : [], field: 'stageId' },
    { table: 'lead_sources', ids: body.leadSourceId ? [body.leadSourceId] : [], field: 'leadSourceId' },
    { table: 'client_ranks', ids: body.rankId ? [body.rankId] : [], field: 'rankId' },
    { table: 'tags', ids: body.tags ?? [], field: 'tags' },
    { table: 'contact_fields', ids: Object.keys(body.customFields ?? {}), field: 'customFields' },
  ]);
  if (body.contactTypeId !== undefined) await assertTypeChange(tx, ctx, orgId, ids, body.contactTypeId);
  if (body.punchId) await assertPunchIdFree(tx, orgId, normalizePunchId(body.punchId)!, ids[0]);
}

/** Column values from a body; only keys present in the body are set. */
function columnsOf(body: ContactUpdateBody) {
  const out: Partial<typeof contacts.$inferInsert> = {};
  const copy = <K extends keyof ContactUpdateBody & keyof typeof out>(k: K) => {
    if (body[k] !== undefined) (out as Record<string, unknown>)[k] = body[k];
  };
  for (const k of [
    'fullName',
    'firstName',
    'lastName',
    'email',
    'phone',
    'photo',
    'status',
    'isFormer',
    'contactTypeId',
    'stageId',
    'leadSourceId',
    'rankId',
    'billingAddress',
    'birthday',
    'paymentStatus',
    'plan',
    'stopSms',
  ] as const)
    copy(k);
  if (body.punchId !== undefined) out.punchId = normalizePunchId(body.punchId);
  if (body.lastContactedAt !== undefined)
    out.lastContactedAt = body.lastContactedAt ? new Date(body.lastContactedAt) : null;
  return out;
}

const joinName = (first?: string | null, last?: string | null) =>
  [first, last].filter(Boolean).join(' ').trim();

export async function createContact(
  tx: Tx,
  ctx: RequestContext,
  body: ContactCreateBody,
  id = newId(),
): Promise<ContactAnswer> {
  await validateReferences(tx, ctx, body, []);
  const values = {
    ...columnsOf(body),
    phone: await storedPhone(tx, ctx.organizationId, body.phone ?? null),
    organizationId: ctx.organizationId,
    id,
    fullName: body.fullName || joinName(body.firstName, body.lastName),
    customFields: body.customFields ?? {},
    createdBy: ctx.userId,
  };
  // A new member or employee without a punch id gets a random code (check-in-code.ts).
  if (!values.punchId && (await getsCheckInCode(tx, ctx.organizationId, values.contactTypeId))) {
    await insertWithCheckInCode(tx, values);
  } else {
    await guardPunchId(() => tx.insert(contacts).values(values));
  }
  if (body.lastAttendedAt) await setLastAttended(tx, ctx.organizationId, id, body.lastAttendedAt);
  if (body.tags?.length) {
    await tx.insert(contactTags).values(
      [...new Set(body.tags)].map((tagId) => ({
        organizationId: ctx.organizationId,
        contactId: id,
        tagId,
      })),
    );
  }
  await recordActivity(tx, {
    organizationId: ctx.organizationId,
    contactId: id,
    kind: 'contact.created',
    title: 'Contact created',
    actorUserId: ctx.userId,
  });
  return (await loadContacts(tx, ctx.organizationId, [id]))[0]!;
}

export async function updateContact(
  tx: Tx,
  ctx: RequestContext,
  id: string,
  body: ContactUpdateBody,
  hooks: ContactHookList,
): Promise<ContactAnswer> {
  const orgId = ctx.organizationId;
  const [current] = await tx
    .select({
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      fullName: contacts.fullName,
      typeId: contacts.contactTypeId,
    })
    .from(contacts)
    .where(and(eq(contacts.organizationId, orgId), eq(contacts.id, id), isNull(contacts.deletedAt)))
    .for('update');
  if (!current) throw notFound('Contact');
  const typeChanges = body.contactTypeId !== undefined && body.contactTypeId !== current.typeId;
  await validateReferences(
    tx,
    ctx,
    { ...body, contactTypeId: typeChanges ? body.contactTypeId : undefined },
    [id],
  );
  const set: Record<string, unknown> = { ...columnsOf(body), updatedAt: new Date() };
  if (body.phone !== undefined) set.phone = await storedPhone(tx, orgId, body.phone);
  if (body.fullName === undefined && (body.firstName !== undefined || body.lastName !== undefined)) {
    const name = joinName(body.firstName ?? current.firstName, body.lastName ?? current.lastName);
    if (name) set.fullName = name;
  }
  if (body.customFields)
    set.customFields = sql`${contacts.customFields} || ${JSON.stringify(body.customFields)}::jsonb`;
  await guardPunchId(() =>
    tx
      .update(contacts)
      .set(set)
      .where(and(eq(contacts.organizationId, orgId), eq(contacts.id, id))),
  );
  const newName = (set.fullName as string | undefined) ?? current.fullName;
  if (newName !== current.fullName) {
    for (const [, hook] of hooks) await hook.renamed?.(tx, orgId, id, newName);
  }
  if (body.lastAttendedAt !== undefined) await setLastAttended(tx, orgId, id, body.lastAttendedAt);
  if (body.tags) {
    const tagIds = [...new Set(body.tags)];
    await tx.execute(
      sql`delete from contact_tags where organization_id = ${orgId} and contact_id = ${id}
          and not (tag_id = any(${sql.param(tagIds)}::uuid[]))`,
    );
    if (tagIds.length > 0) {
      await tx
        .insert(contactTags)
        .values(tagIds.map((tagId) => ({ organizationId: orgId, contactId: id, tagId })))
        .onConflictDoNothing();
    }
  }
  await recordActivity(tx, {
    organizationId: orgId,
    contactId: id,
    kind: 'contact.updated',
    title: 'Contact updated',
    data: { fields: Object.keys(body) },
    actorUserId: ctx.userId,
  });
  return (await loadContacts(tx, orgId, [id]))[0]!;
}

export async function getContact(tx: Tx, orgId: string, id: string): Promise<ContactAnswer> {
  const [found] = await loadContacts(tx, orgId, [id]);
  if (!found) throw notFound('Contact');
  return found;
}

/** Soft delete: the rows stay for the records that point at them (bookings, notes, invoices). */
export async function deleteContacts(
  tx: Tx,
  ctx: RequestContext,
  ids: string[],
  source: string,
  hooks: ContactHookList,
): Promise<number> {
  const orgId = ctx.organizationId;
  const unique = [...new Set(ids)];
  await assertContactsExist(tx, orgId, unique);
  if (ctx.role.contactId && unique.includes(ctx.role.contactId)) {
    throw new AppError('BAD_REQUEST', 'You cannot delete your own contact', [{ field: 'ids' }]);
  }
  await assertNoMemberContacts(tx, orgId, unique);
  await tx.execute(
    sql`update contacts set deleted_at = now(), updated_at = now()
        where organization_id = ${orgId} and id = any(${sql.param(unique)}::uuid[]) and deleted_at is null`,
  );
  for (const [, hook] of hooks) await hook.deleted?.(tx, orgId, unique);
  await recordActivities(
    tx,
    unique.map((contactId) => ({
      organizationId: orgId,
      contactId,
      kind: 'contact.deleted',
      title: 'Contact deleted',
      data: { source },
      actorUserId: ctx.userId,
    })),
  );
  return unique.length;
}

/**
 * A contact that is someone's way in (a member's role is linked to it) is not deleted from the
 * contact list: taking access away is an admin's power, under Organisation settings → Members,
 * and after it the contact can go. Names the first such contact.
 */
async function assertNoMemberContacts(tx: Tx, orgId: string, contactIds: string[]): Promise<void> {
  const [held] = await rows<{ full_name: string }>(
    tx,
    sql`select c.full_name
        from role_assignments r
        join memberships m on m.organization_id = r.organization_id and m.user_id = r.user_id
        join contacts c on c.organization_id = r.organization_id and c.id = r.contact_id
        where r.organization_id = ${orgId} and r.contact_id = any(${sql.param(contactIds)}::uuid[])
        order by c.full_name limit 1`,
  );
  if (held) {
    throw conflict(
      `${held.full_name} can sign in to this organisation: remove them under Organisation settings → Members before deleting their contact`,
      'ids',
    );
  }
}

/** contact-exists: the first live contact with this e-mail or these phone digits. */
export async function findExisting(
  tx: Tx,
  orgId: string,
  input: { email?: string | null; phone?: string | null },
): Promise<ContactPickerOption | null> {
  const conditions = [];
  if (input.email) conditions.push(sql`(email is not null and lower(email) = ${input.email.toLowerCase()})`);
  const digits = input.phone ? phoneDigits(normalizePhone(input.phone, await phoneCountryOf(tx, orgId))) : '';
  if (digits) conditions.push(sql`(phone_digits is not null and phone_digits = ${digits})`);
  const source = sql`select * from contacts where organization_id = ${orgId} and deleted_at is null
    and (${sql.join(conditions, sql` or `)}) order by created_at, id limit 1`;
  const hits = await rows<Parameters<typeof toPickerOption>[0]>(tx, pickerOptionSql(source, sql`c.id`));
  return hits[0] ? toPickerOption(hits[0]) : null;
}

export const DUPLICATE_EMAIL = 'A contact with this email already exists';

/**
 * Manual add: a live contact with the same e-mail (case-insensitive) is refused with 409, naming
 * the existing contact (`details[0].contactId`) so the form can offer to open it.
 */
export async function assertEmailFree(
  tx: Tx,
  orgId: string,
  email: string | null | undefined,
): Promise<void> {
  if (!email) return;
  const [hit] = await rows<{ id: string; full_name: string }>(
    tx,
    sql`select id, full_name from contacts where organization_id = ${orgId} and deleted_at is null
        and email is not null and lower(email) = ${email.toLowerCase()} order by created_at, id limit 1`,
  );
  if (!hit) return;
  throw new AppError('CONFLICT', DUPLICATE_EMAIL, [
    { field: 'email', message: DUPLICATE_EMAIL, contactId: hit.id, fullName: hit.full_name },
  ]);
}
