import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { notFound } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { rows } from '../../../lib/sql.ts';
import { assertLookupsExist } from '../access.ts';
import { clientRanks, rankCategories } from '../contacts.tables.ts';
import { nextSortOrder } from './shared.ts';

// Progressions: rank categories (programs) and the ordered ranks inside each.

const categoryAnswer = (c: typeof rankCategories.$inferSelect) => ({
  _id: c.id,
  name: c.name,
  sortOrder: c.sortOrder,
});

interface RankRow {
  id: string;
  category_id: string;
  category_name: string;
  name: string;
  image: string | null;
  sort_order: number;
  classes_required: number | null;
  min_days_in_rank: number | null;
}
const rankAnswer = (r: RankRow) => ({
  _id: r.id,
  categoryId: r.category_id,
  categoryName: r.category_name,
  name: r.name,
  image: r.image,
  sortOrder: r.sort_order,
  classesRequired: r.classes_required,
  minDaysInRank: r.min_days_in_rank,
});

export async function listCategories(tx: Tx, orgId: string) {
  const found = await tx
    .select()
    .from(rankCategories)
    .where(eq(rankCategories.organizationId, orgId))
    .orderBy(asc(rankCategories.sortOrder), asc(rankCategories.id));
  return { list: found.map(categoryAnswer) };
}

export async function addCategory(tx: Tx, orgId: string, body: { name: string; sortOrder?: number }) {
  const sortOrder = body.sortOrder ?? (await nextSortOrder(tx, 'rank_categories', orgId));
  const [row] = await tx
    .insert(rankCategories)
    .values({ organizationId: orgId, id: newId(), name: body.name, sortOrder })
    .returning();
  return categoryAnswer(row!);
}

export async function updateCategory(
  tx: Tx,
  orgId: string,
  id: string,
  body: { name?: string; sortOrder?: number },
) {
  const [row] = await tx
    .update(rankCategories)
    .set(body)
    .where(and(eq(rankCategories.organizationId, orgId), eq(rankCategories.id, id)))
    .returning();
  if (!row) throw notFound('Rank category');
  return categoryAnswer(row);
}

/** Deleting a progression deletes its ranks; contacts holding one of them lose their rank. */
export async function deleteCategory(tx: Tx, orgId: string, id: string) {
  await tx.execute(sql`update contacts set rank_id = null
    where organization_id = ${orgId} and rank_id in (
      select r.id from client_ranks r where r.organization_id = ${orgId} and r.category_id = ${id})`);
  const found = await tx
    .delete(rankCategories)
    .where(and(eq(rankCategories.organizationId, orgId), eq(rankCategories.id, id)))
    .returning({ id: rankCategories.id });
  if (found.length === 0) throw notFound('Rank category');
}

async function rankRows(tx: Tx, orgId: string, filter: { categoryId?: string; id?: string }) {
  return rows<RankRow>(
    tx,
    sql`select r.id, r.category_id, c.name as category_name, r.name, r.image, r.sort_order,
          r.classes_required, r.min_days_in_rank
        from client_ranks r join rank_categories c on c.organization_id = r.organization_id and c.id = r.category_id
        where r.organization_id = ${orgId}
          ${filter.categoryId ? sql`and r.category_id = ${filter.categoryId}` : sql``}
          ${filter.id ? sql`and r.id = ${filter.id}` : sql``}
        order by c.sort_order, c.id, r.sort_order, r.id`,
  );
}

export async function listRanks(tx: Tx, orgId: string, categoryId?: string) {
  return { list: (await rankRows(tx, orgId, { categoryId })).map(rankAnswer) };
}

async function oneRank(tx: Tx, orgId: string, id: string) {
  const [row] = await rankRows(tx, orgId, { id });
  if (!row) throw notFound('Rank');
  return rankAnswer(row);
}

export async function addRank(
  tx: Tx,
  orgId: string,
  body: { categoryId: string; name: string; image?: string | null; sortOrder?: number },
) {
  await assertLookupsExist(tx, orgId, [
    { table: 'rank_categories', ids: [body.categoryId], field: 'categoryId' },
  ]);
  const sortOrder =
    body.sortOrder ??
    (await nextSortOrder(tx, 'client_ranks', orgId, sql`and category_id = ${body.categoryId}`));
  const id = newId();
  await tx.insert(clientRanks).values({
    organizationId: orgId,
    id,
    categoryId: body.categoryId,
    name: body.name,
    image: body.image ?? null,
    sortOrder,
  });
  return oneRank(tx, orgId, id);
}

export async function updateRank(
  tx: Tx,
  orgId: string,
  id: string,
  body: { categoryId?: string; name?: string; image?: string | null; sortOrder?: number },
) {
  if (body.categoryId) {
    await assertLookupsExist(tx, orgId, [
      { table: 'rank_categories', ids: [body.categoryId], field: 'categoryId' },
    ]);
  }
  const found = await tx
    .update(clientRanks)
    .set(body)
    .where(and(eq(clientRanks.organizationId, orgId), eq(clientRanks.id, id)))
    .returning({ id: clientRanks.id });
  if (found.length === 0) throw notFound('Rank');
  return oneRank(tx, orgId, id);
}

export async function deleteRank(tx: Tx, orgId: string, id: string) {
  await tx.execute(
    sql`update contacts set rank_id = null where organization_id = ${orgId} and rank_id = ${id}`,
  );
  const found = await tx
    .delete(clientRanks)
    .where(and(eq(clientRanks.organizationId, orgId), eq(clientRanks.id, id)))
    .returning({ id: clientRanks.id });
  if (found.length === 0) throw notFound('Rank');
}

/** GET /rank-category/category_rank_info/:id — a progression with its ranks in order. */
export async function categoryRankInfo(tx: Tx, orgId: string, id: string) {
  const [category] = await tx
    .select()
    .from(rankCategories)
    .where(and(eq(rankCategories.organizationId, orgId), eq(rankCategories.id, id)));
  if (!category) throw notFound('Rank category');
  return {
    category: categoryAnswer(category),
    ranks: (await rankRows(tx, orgId, { categoryId: id })).map(rankAnswer),
  };
}
