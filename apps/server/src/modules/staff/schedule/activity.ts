import { count, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { newId } from '../../../lib/ids.ts';
import { isoText } from '../../../lib/sql.ts';
import type { RequestContext } from '../../../plugins/types.ts';
import { users } from '../../auth/auth.tables.ts';
import { scheduleActivity } from './schedule.tables.ts';

// The activity log of the schedule: every change to shifts, publications, trades and requests,
// newest first, read a page at a time (skip 0, limit 5 by default).

const a = scheduleActivity;

export async function logActivity(
  tx: Tx,
  ctx: RequestContext,
  action: string,
  message: string,
  weekStart: string | null = null,
  data: Record<string, unknown> = {},
) {
  await tx.insert(a).values({
    organizationId: ctx.organizationId,
    id: newId(),
    action,
    message,
    weekStart,
    data,
    actorUserId: ctx.userId,
  });
}

export async function listActivity(tx: Tx, orgId: string, skip: number, limit: number) {
  const found = await tx
    .select({
      id: a.id,
      action: a.action,
      message: a.message,
      actorName: users.fullName,
      weekStart: a.weekStart,
      at: sql<string>`${isoText(sql`${a.createdAt}`)}`,
      total: sql<number>`count(*) over ()::int`,
    })
    .from(a)
    .leftJoin(users, eq(users.id, a.actorUserId))
    .where(eq(a.organizationId, orgId))
    .orderBy(desc(a.createdAt), desc(a.id))
    .limit(limit)
    .offset(skip);
  // A page past the end has no row to carry the total: count then.
  const total =
    found[0]?.total ??
    (await tx.select({ n: count() }).from(a).where(eq(a.organizationId, orgId)))[0]?.n ??
    0;
  return {
    list: found.map((r) => ({
      _id: r.id,
      action: r.action,
      message: r.message,
      actorName: r.actorName,
      startOfWeek: r.weekStart,
      at: r.at,
    })),
    total: Number(total),
  };
}
