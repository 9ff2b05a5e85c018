import type { BillingAddressInput, ContactAnswer } from '@opsuite/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { RequestContext } from '../../plugins/types.ts';
import { assertContactsExist, assertLookupsExist, assertTypeChange } from './access.ts';
import { loadContacts } from './answers/read.ts';
import { assertPunchIdFree, guardPunchId, normalizePunchId } from './contacts.service.ts';
import { contacts, roleAssignments } from './contacts.tables.ts';
import { type ActivityInput, recordActivities, recordActivity } from './records/activities.service.ts';

// Actions on several contacts at once and the single-purpose updates of the contact page.
// Each validates every id first and writes nothing unless all of them are this organisation's.

const idArray = (ids: string[]) => sql`${sql.param([...new Set(ids)])}::uuid[]`;

/** The same timeline entry for each of the contacts (once each); answers how many there are. */
async function noteEach(
  tx: Tx,
  ctx: RequestContext,
  ids: string[],
  entry: Pick<ActivityInput, 'kind' | 'title' | 'data'>,
): Promise<number> {
  const unique = [...new Set(ids)];
  await recordActivities(
    tx,
    unique.map((contactId) => ({
      organizationId: ctx.organizationId,
      contactId,
      ...entry,
      actorUserId: ctx.userId,
    })),
  );
  return unique.length;
}

/** A member's role follows their contact's type (assertTypeChange has allowed the change). */
async function moveRoles(tx: Tx, orgId: string, ids: string[], contactTypeId: string): Promise<void> {
  await tx
    .update(roleAssignments)
    .set({ contactTypeId })
    .where(
      and(
        eq(roleAssignments.organizationId, orgId),
        sql`${roleAssignments.contactId} = any(${idArray(ids)})`,
      ),
    );
}

/** mass-move: a new type (under the same rule as update-role) or a new stage for every contact. */
export async function massMove(
  tx: Tx,
  ctx: RequestContext,
  input: { ids: string[]; contactTypeId?: string; stageId?: string },
): Promise<number> {
  const orgId = ctx.organizationId;
  await assertContactsExist(tx, orgId, input.ids);
  if (input.contactTypeId) {
    await assertTypeChange(tx, ctx, orgId, input.ids, input.contactTypeId);
    await moveRoles(tx, orgId, input.ids, input.contactTypeId);
    await tx.execute(sql`update contacts set contact_type_id = ${input.contactTypeId}, updated_at = now()
      where organization_id = ${orgId} and id = any(${idArray(input.ids)})`);
  } else {
    await assertLookupsExist(tx, orgId, [{ table: 'stages', ids: [input.stageId!], field: 'stageId' }]);
    await tx.execute(sql`update contacts set stage_id = ${input.stageId!}, updated_at = now()
      where organization_id = ${orgId} and id = any(${idArray(input.ids)})`);
  }
  return noteEach(tx, ctx, input.ids, {
    kind: 'contact.moved',
    title: 'Contact moved',
    data: input.contactTypeId ? { contactTypeId: input.contactTypeId } : { stageId: input.stageId },
  });
}

export async function addTagsAndLeadSource(
  tx: Tx,
  ctx: RequestContext,
  input: { ids: string[]; tagIds?: string[]; leadSourceId?: string },
): Promise<number> {
  const orgId = ctx.organizationId;
  await assertContactsExist(tx, orgId, input.ids, { lockForWrite: true });
  const tagIds = [...new Set(input.tagIds ?? [])];
  await assertLookupsExist(tx, orgId, [
    { table: 'tags', ids: tagIds, field: 'tagIds' },
    { table: 'lead_sources', ids: input.leadSourceId ? [input.leadSourceId] : [], field: 'leadSourceId' },
  ]);
  if (tagIds.length > 0) {
    await tx.execute(sql`insert into contact_tags (organization_id, contact_id, tag_id)
      select ${orgId}, c, t from unnest(${idArray(input.ids)}) c cross join unnest(${idArray(tagIds)}) t
      on conflict do nothing`);
  }
  if (input.leadSourceId) {
    await tx.execute(sql`update contacts set lead_source_id = ${input.leadSourceId}, updated_at = now()
      where organization_id = ${orgId} and id = any(${idArray(input.ids)})`);
  } else {
    await tx.execute(sql`update contacts set updated_at = now()
      where organization_id = ${orgId} and id = any(${idArray(input.ids)})`);
  }
  return noteEach(tx, ctx, input.ids, {
    kind: 'contact.tagged',
    title: 'Tags and lead source added',
    data: { tagIds, leadSourceId: input.leadSourceId ?? null },
  });
}

async function updateOne(
  tx: Tx,
  ctx: RequestContext,
  id: string,
  set: Partial<typeof contacts.$inferInsert>,
  activity: { kind: string; title: string; data?: Record<string, unknown> },
): Promise<ContactAnswer> {
  const orgId = ctx.organizationId;
  await assertContactsExist(tx, orgId, [id]);
  await guardPunchId(() =>
    tx
      .update(contacts)
      .set({ ...set, updatedAt: new Date() })
      .where(and(eq(contacts.organizationId, orgId), eq(contacts.id, id))),
  );
  await recordActivity(tx, { organizationId: orgId, contactId: id, actorUserId: ctx.userId, ...activity });
  return (await loadContacts(tx, orgId, [id]))[0]!;
}

export async function setPunchId(tx: Tx, ctx: RequestContext, contactId: string, punchId: string | null) {
  const normalized = normalizePunchId(punchId) ?? null;
  if (normalized) await assertPunchIdFree(tx, ctx.organizationId, normalized, contactId);
  return updateOne(
    tx,
    ctx,
    contactId,
    { punchId: normalized },
    {
      kind: 'contact.punch_id',
      title: 'Punch ID updated',
      data: { punchId: normalized },
    },
  );
}

export async function setBillingAddress(
  tx: Tx,
  ctx: RequestContext,
  contactId: string,
  address: BillingAddressInput,
) {
  return updateOne(
    tx,
    ctx,
    contactId,
    { billingAddress: address },
    {
      kind: 'contact.billing_address',
      title: 'Billing address updated',
    },
  );
}

/**
 * update-role: the contact's type, and the sign-in role of the member linked to that contact,
 * so what they may do follows; who may do it is assertTypeChange's rule, as for mass-move.
 */
export async function updateRole(tx: Tx, ctx: RequestContext, contactId: string, contactTypeId: string) {
  const orgId = ctx.organizationId;
  await assertContactsExist(tx, orgId, [contactId]);
  await assertTypeChange(tx, ctx, orgId, [contactId], contactTypeId, 'contactId');
  await moveRoles(tx, orgId, [contactId], contactTypeId);
  const answer = await updateOne(
    tx,
    ctx,
    contactId,
    { contactTypeId },
    {
      kind: 'contact.role',
      title: 'Contact type updated',
      data: { contactTypeId },
    },
  );
  if (!answer) throw notFound('Contact');
  return answer;
}
