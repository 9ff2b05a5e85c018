import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { lookupMissing, notFound } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { stages } from '../contacts.tables.ts';
import { nextSortOrder } from './shared.ts';

// Pipeline stages, in the order the board shows them.

const answer = (s: typeof stages.$inferSelect) => ({
  _id: s.id,
  name: s.name,
  color: s.color,
  sortOrder: s.sortOrder,
});

export async function listStages(tx: Tx, orgId: string) {
  const rows = await tx
    .select()
    .from(stages)
    .where(eq(stages.organizationId, orgId))
    .orderBy(asc(stages.sortOrder), asc(stages.id));
  return { list: rows.map(answer) };
}

export async function addStage(tx: Tx, orgId: string, body: { name: string; color?: string | null }) {
  const sortOrder = await nextSortOrder(tx, 'stages', orgId);
  const [row] = await tx
    .insert(stages)
    .values({ organizationId: orgId, id: newId(), name: body.name, color: body.color ?? null, sortOrder })
    .returning();
  return answer(row!);
}

export async function updateStage(
  tx: Tx,
  orgId: string,
  id: string,
  body: { name?: string; color?: string | null },
) {
  const [row] = await tx
    .update(stages)
    .set(body)
    .where(and(eq(stages.organizationId, orgId), eq(stages.id, id)))
    .returning();
  if (!row) throw notFound('Stage');
  return answer(row);
}

export async function deleteStage(tx: Tx, orgId: string, id: string) {
  await tx.execute(
    sql`update contacts set stage_id = null where organization_id = ${orgId} and stage_id = ${id}`,
  );
  const rows = await tx
    .delete(stages)
    .where(and(eq(stages.organizationId, orgId), eq(stages.id, id)))
    .returning({ id: stages.id });
  if (rows.length === 0) throw notFound('Stage');
}

/**
 * The given stages take positions 0..n-1 in that order; any stage left out keeps its relative
 * order after them. Every id must be one of this organisation's stages.
 */
export async function reorderStages(tx: Tx, orgId: string, ids: string[]) {
  const ordered = sql`${sql.param(ids)}::uuid[]`;
  const result = await tx.execute(sql`
    with wanted as (select id, ord from unnest(${ordered}) with ordinality as w(id, ord)),
    ranked as (
      select s.id, row_number() over (order by w.ord nulls last, s.sort_order, s.id) - 1 as pos
      from stages s left join wanted w on w.id = s.id
      where s.organization_id = ${orgId}
    )
    update stages s set sort_order = ranked.pos from ranked
    where s.organization_id = ${orgId} and s.id = ranked.id
      and (select count(*) from wanted w join stages x on x.organization_id = ${orgId} and x.id = w.id) = ${ids.length}
    returning s.id`);
  if (result.rows.length === 0) {
    throw lookupMissing('ids');
  }
  return listStages(tx, orgId);
}
