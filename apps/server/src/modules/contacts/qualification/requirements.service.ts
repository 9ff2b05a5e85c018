import type { RankRequirementsBody } from '@opsuite/shared';
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { notFound } from '../../../lib/errors.ts';
import { clientRanks } from '../contacts.tables.ts';

// What a rank requires before the next one: classes attended since the previous rank and a
// minimum number of days in it. Booking's qualified progression reads them against attendance.

export async function updateRankRequirements(
  tx: Tx,
  orgId: string,
  rankId: string,
  body: RankRequirementsBody,
) {
  const set: Partial<typeof clientRanks.$inferInsert> = {};
  if (body.classesRequired !== undefined) set.classesRequired = body.classesRequired;
  if (body.minDaysInRank !== undefined) set.minDaysInRank = body.minDaysInRank;
  const [row] = await tx
    .update(clientRanks)
    .set(set)
    .where(and(eq(clientRanks.organizationId, orgId), eq(clientRanks.id, rankId)))
    .returning();
  if (!row) throw notFound('Rank');
  return {
    _id: row.id,
    name: row.name,
    categoryId: row.categoryId,
    classesRequired: row.classesRequired,
    minDaysInRank: row.minDaysInRank,
  };
}
