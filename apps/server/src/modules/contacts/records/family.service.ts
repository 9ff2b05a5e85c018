import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { conflict, notFound } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { rows } from '../../../lib/sql.ts';
import type { RequestContext } from '../../../plugins/types.ts';
import { assertContactsExist } from '../access.ts';
import { contactFamilyLinks } from '../contacts.tables.ts';
import { recordActivities } from './activities.service.ts';

// Family links between two contacts, read from either side.

interface FamilyRow {
  id: string;
  relation: string | null;
  member_id: string;
  full_name: string;
  photo: string | null;
  email: string | null;
  phone: string | null;
}

const answer = (r: FamilyRow) => ({
  _id: r.id,
  relation: r.relation,
  contact: { _id: r.member_id, fullName: r.full_name, photo: r.photo, email: r.email, phone: r.phone },
});

/** The other side of every link of `contactId` (live contacts only), in one statement. */
function familySql(orgId: string, contactId: string, linkId?: string) {
  return sql`select l.id, l.relation, m.id as member_id, m.full_name, m.photo, m.email, m.phone
    from contact_family_links l
    join contacts m on m.organization_id = l.organization_id
      and m.id = case when l.contact_id = ${contactId} then l.member_contact_id else l.contact_id end
    where l.organization_id = ${orgId} and (l.contact_id = ${contactId} or l.member_contact_id = ${contactId})
      and m.deleted_at is null ${linkId ? sql`and l.id = ${linkId}` : sql``}
    order by lower(m.full_name), m.id`;
}

/** Without a contact id the family is empty rather than an error. */
export async function listFamily(tx: Tx, orgId: string, contactId: string | undefined) {
  if (!contactId) return { list: [] };
  await assertContactsExist(tx, orgId, [contactId]);
  return { list: (await rows<FamilyRow>(tx, familySql(orgId, contactId))).map(answer) };
}

export async function addFamilyLink(
  tx: Tx,
  ctx: RequestContext,
  body: { contactId: string; memberContactId: string; relation?: string | null },
) {
  const orgId = ctx.organizationId;
  await assertContactsExist(tx, orgId, [body.contactId, body.memberContactId]);
  const id = newId();
  const inserted = await tx
    .insert(contactFamilyLinks)
    .values({
      organizationId: orgId,
      id,
      contactId: body.contactId,
      memberContactId: body.memberContactId,
      relation: body.relation ?? null,
      createdBy: ctx.userId,
    })
    .onConflictDoNothing()
    .returning({ id: contactFamilyLinks.id });
  if (inserted.length === 0) throw conflict('These contacts are already linked as family');
  await recordActivities(
    tx,
    [body.contactId, body.memberContactId].map((contactId) => ({
      organizationId: orgId,
      contactId,
      kind: 'family.linked',
      title: 'Family member added',
      data: { linkId: id },
      actorUserId: ctx.userId,
    })),
  );
  const [row] = await rows<FamilyRow>(tx, familySql(orgId, body.contactId, id));
  return answer(row!);
}

export async function removeFamilyLink(tx: Tx, ctx: RequestContext, id: string) {
  const orgId = ctx.organizationId;
  const found = await rows<{ contact_id: string; member_contact_id: string }>(
    tx,
    sql`delete from contact_family_links where organization_id = ${orgId} and id = ${id}
        returning contact_id, member_contact_id`,
  );
  if (!found[0]) throw notFound('Family link');
  await recordActivities(
    tx,
    [found[0].contact_id, found[0].member_contact_id].map((contactId) => ({
      organizationId: orgId,
      contactId,
      kind: 'family.unlinked',
      title: 'Family member removed',
      data: { linkId: id },
      actorUserId: ctx.userId,
    })),
  );
}
