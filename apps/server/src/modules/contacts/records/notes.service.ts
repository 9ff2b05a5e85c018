import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { notFound } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { isoText, rows } from '../../../lib/sql.ts';
import type { RequestContext } from '../../../plugins/types.ts';
import { assertContactsExist } from '../access.ts';
import { followupNotes } from '../contacts.tables.ts';
import { recordActivity } from './activities.service.ts';

// Follow-up notes on a contact; each change also lands on the contact's activity timeline.

interface NoteRow {
  id: string;
  contact_id: string;
  note: string;
  follow_up_at: string | null;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

const COLUMNS = sql`id, contact_id, note, ${isoText(sql`follow_up_at`)} as follow_up_at, created_by,
  ${isoText(sql`created_at`)} as created_at, ${isoText(sql`updated_at`)} as updated_at`;

const answer = (r: NoteRow) => ({
  _id: r.id,
  contactId: r.contact_id,
  note: r.note,
  followUpAt: r.follow_up_at,
  createdBy: r.created_by,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

async function oneNote(tx: Tx, orgId: string, id: string) {
  const [row] = await rows<NoteRow>(
    tx,
    sql`select ${COLUMNS} from followup_notes where organization_id = ${orgId} and id = ${id}`,
  );
  if (!row) throw notFound('Note');
  return answer(row);
}

export async function listNotes(tx: Tx, orgId: string, contactId: string, page: number, limit: number) {
  await assertContactsExist(tx, orgId, [contactId]);
  const found = await rows<NoteRow>(
    tx,
    sql`select ${COLUMNS} from followup_notes where organization_id = ${orgId} and contact_id = ${contactId}
        order by created_at desc nulls last, id desc nulls last limit ${limit + 1} offset ${(page - 1) * limit}`,
  );
  return {
    list: found.slice(0, limit).map(answer),
    pagination: { page, limit, hasMore: found.length > limit },
  };
}

export async function addNote(
  tx: Tx,
  ctx: RequestContext,
  body: { contactId: string; note: string; followUpAt?: string | null },
) {
  const orgId = ctx.organizationId;
  await assertContactsExist(tx, orgId, [body.contactId]);
  const id = newId();
  await tx.insert(followupNotes).values({
    organizationId: orgId,
    id,
    contactId: body.contactId,
    note: body.note,
    followUpAt: body.followUpAt ? new Date(body.followUpAt) : null,
    createdBy: ctx.userId,
  });
  await recordActivity(tx, {
    organizationId: orgId,
    contactId: body.contactId,
    kind: 'note.added',
    title: 'Note added',
    data: { noteId: id },
    actorUserId: ctx.userId,
  });
  return oneNote(tx, orgId, id);
}

export async function updateNote(
  tx: Tx,
  ctx: RequestContext,
  id: string,
  body: { note?: string; followUpAt?: string | null },
) {
  const orgId = ctx.organizationId;
  const found = await rows<{ contact_id: string }>(
    tx,
    sql`update followup_notes set
          note = coalesce(${body.note ?? null}, note),
          follow_up_at = ${body.followUpAt === undefined ? sql`follow_up_at` : sql`${body.followUpAt}::timestamptz`},
          updated_at = now()
        where organization_id = ${orgId} and id = ${id} returning contact_id`,
  );
  if (!found[0]) throw notFound('Note');
  await recordActivity(tx, {
    organizationId: orgId,
    contactId: found[0].contact_id,
    kind: 'note.updated',
    title: 'Note updated',
    data: { noteId: id },
    actorUserId: ctx.userId,
  });
  return oneNote(tx, orgId, id);
}

export async function removeNote(tx: Tx, ctx: RequestContext, id: string) {
  const orgId = ctx.organizationId;
  const found = await rows<{ contact_id: string }>(
    tx,
    sql`delete from followup_notes where organization_id = ${orgId} and id = ${id} returning contact_id`,
  );
  if (!found[0]) throw notFound('Note');
  await recordActivity(tx, {
    organizationId: orgId,
    contactId: found[0].contact_id,
    kind: 'note.removed',
    title: 'Note removed',
    data: { noteId: id },
    actorUserId: ctx.userId,
  });
}
