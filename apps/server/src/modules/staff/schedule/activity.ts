import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { newId } from '../../../lib/ids.ts';
import { isoText, rows } from '../../../lib/sql.ts';
import type { RequestContext } from '../../../plugins/types.ts';

// The activity log of the schedule: every change to shifts, publications, trades and requests,
// newest first, read a page at a time (skip 0, limit 5 by default).

export async function logActivity(
  tx: Tx,
  ctx: RequestContext,
  action: string,
  message: string,
  weekStart: string | null = null,
  data: Record<string, unknown> = {},
) {
  await tx.execute(
    sql`insert into schedule_activity (organization_id, id, action, message, week_start, data, actor_user_id)
        values (${ctx.organizationId}, ${newId()}, ${action}, ${message}, ${weekStart}, ${JSON.stringify(data)}::jsonb,
          ${ctx.userId})`,
  );
}

export async function listActivity(tx: Tx, orgId: string, skip: number, limit: number) {
  const found = await rows<{
    id: string;
    action: string;
    message: string;
    actor_name: string | null;
    week_start: string | null;
    at: string;
    total: number;
  }>(
    tx,
    sql`select a.id, a.action, a.message, u.full_name as actor_name, to_char(a.week_start, 'YYYY-MM-DD') as week_start,
          ${isoText(sql`a.created_at`)} as at, count(*) over ()::int as total
        from schedule_activity a left join users u on u.id = a.actor_user_id
        where a.organization_id = ${orgId}
        order by a.created_at desc, a.id desc
        limit ${limit} offset ${skip}`,
  );
  const total =
    found[0]?.total ??
    Number(
      (
        await rows<{ n: number }>(
          tx,
          sql`select count(*)::int as n from schedule_activity where organization_id = ${orgId}`,
        )
      )[0]?.n ?? 0,
    );
  return {
    list: found.map((r) => ({
      _id: r.id,
      action: r.action,
      message: r.message,
      actorName: r.actor_name,
      startOfWeek: r.week_start,
      at: r.at,
    })),
    total,
  };
}
