import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { notFound } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { uniqueOr409 } from '../../../lib/sql.ts';
import { leadSources, tags } from '../contacts.tables.ts';

// Tags and lead sources: named lists, unique by name (case-insensitive) per organisation.

const TAG_TAKEN = 'A tag with this name already exists';
const SOURCE_TAKEN = 'A lead source with this name already exists';

const tagAnswer = (t: typeof tags.$inferSelect) => ({
  _id: t.id,
  name: t.name,
  color: t.color,
  createdAt: t.createdAt.toISOString(),
});
const sourceAnswer = (s: typeof leadSources.$inferSelect) => ({
  _id: s.id,
  name: s.name,
  createdAt: s.createdAt.toISOString(),
});

export async function listTags(tx: Tx, orgId: string) {
  const rows = await tx
    .select()
    .from(tags)
    .where(eq(tags.organizationId, orgId))
    .orderBy(asc(sql`lower(${tags.name})`), asc(tags.id));
  return { list: rows.map(tagAnswer) };
}

export async function addTag(tx: Tx, orgId: string, body: { name: string; color?: string | null }) {
  const [row] = await uniqueOr409('tags_org_name_uq', 'name', TAG_TAKEN, () =>
    tx
      .insert(tags)
      .values({ organizationId: orgId, id: newId(), name: body.name, color: body.color ?? null })
      .returning(),
  );
  return tagAnswer(row!);
}

export async function updateTag(
  tx: Tx,
  orgId: string,
  id: string,
  body: { name?: string; color?: string | null },
) {
  const [row] = await uniqueOr409('tags_org_name_uq', 'name', TAG_TAKEN, () =>
    tx
      .update(tags)
      .set(body)
      .where(and(eq(tags.organizationId, orgId), eq(tags.id, id)))
      .returning(),
  );
  if (!row) throw notFound('Tag');
  return tagAnswer(row);
}

/** Removing a tag takes it off every contact (the join rows cascade). */
export async function deleteTag(tx: Tx, orgId: string, id: string) {
  const rows = await tx
    .delete(tags)
    .where(and(eq(tags.organizationId, orgId), eq(tags.id, id)))
    .returning({ id: tags.id });
  if (rows.length === 0) throw notFound('Tag');
}

export async function listLeadSources(tx: Tx, orgId: string) {
  const rows = await tx
    .select()
    .from(leadSources)
    .where(eq(leadSources.organizationId, orgId))
    .orderBy(asc(sql`lower(${leadSources.name})`), asc(leadSources.id));
  return { list: rows.map(sourceAnswer) };
}

export async function addLeadSource(tx: Tx, orgId: string, body: { name: string }) {
  const [row] = await uniqueOr409('lead_sources_org_name_uq', 'name', SOURCE_TAKEN, () =>
    tx.insert(leadSources).values({ organizationId: orgId, id: newId(), name: body.name }).returning(),
  );
  return sourceAnswer(row!);
}

export async function updateLeadSource(tx: Tx, orgId: string, id: string, body: { name: string }) {
  const [row] = await uniqueOr409('lead_sources_org_name_uq', 'name', SOURCE_TAKEN, () =>
    tx
      .update(leadSources)
      .set({ name: body.name })
      .where(and(eq(leadSources.organizationId, orgId), eq(leadSources.id, id)))
      .returning(),
  );
  if (!row) throw notFound('Lead source');
  return sourceAnswer(row);
}

/** Contacts keep no dangling lead source: it is cleared on each of them first. */
export async function deleteLeadSource(tx: Tx, orgId: string, id: string) {
  await tx.execute(
    sql`update contacts set lead_source_id = null where organization_id = ${orgId} and lead_source_id = ${id}`,
  );
  const rows = await tx
    .delete(leadSources)
    .where(and(eq(leadSources.organizationId, orgId), eq(leadSources.id, id)))
    .returning({ id: leadSources.id });
  if (rows.length === 0) throw notFound('Lead source');
}
