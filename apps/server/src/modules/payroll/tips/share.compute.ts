import {
  addDaysToIsoDate,
  daysOfRange,
  employeeWorkedSpans,
  mergeSpans,
  overlapLength,
  shareTips,
  type TimeSpan,
  type TipWorkEntry,
  type WorkSession,
  workTimeAt,
  zonedDayStart,
} from '@opsuite/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { tenantJoin } from '../../../db/tenant.ts';
import { payableSessions } from '../../staff/index.ts';
import type { PoolDef } from './pools.read.ts';
import { dailyTips, tipPoolLocations } from './tips.tables.ts';

// The live tip share of open days: each pool-day's tips (its locations' daily tips) split among
// the people who worked in its day-shift windows in a role of the pool that shares tips, by the
// rules of tip-share.ts. An employee who worked for two pools on a day counts in one: a pool with
// tips that day before one without, then where they worked longest, a tie going to the older pool.

export interface ShareLine {
  contactId: string;
  roleId: string;
  workedMs: number;
  ccTip: number;
  cashTip: number;
}

export interface PoolDayShare {
  poolId: string;
  day: string;
  cardTipsCents: number;
  cashTipsCents: number;
  /** false when the pool-day had tips and nobody who shares tips worked: nothing was shared. */
  shared: boolean;
  lines: ShareLine[];
}

/** Tips per pool and day of [first, last] (inclusive), from the pools' locations. */
async function poolDayTips(tx: Queryable, orgId: string, first: string, last: string) {
  const found = await tx
    .select({
      poolId: tipPoolLocations.poolId,
      day: sql<string>`${dailyTips.day}::text`,
      card: sql<number>`sum(${dailyTips.cardTipsCents})::int`,
      cash: sql<number>`sum(${dailyTips.cashTipsCents})::int`,
    })
    .from(dailyTips)
    .innerJoin(
      tipPoolLocations,
      tenantJoin(tipPoolLocations, dailyTips, eq(tipPoolLocations.locationId, dailyTips.locationId)),
    )
    .where(
      and(
        eq(dailyTips.organizationId, orgId),
        sql`${dailyTips.day} between ${first}::date and ${last}::date`,
      ),
    )
    .groupBy(tipPoolLocations.poolId, dailyTips.day);
  return new Map(found.map((r) => [`${r.poolId}|${r.day}`, { card: Number(r.card), cash: Number(r.cash) }]));
}

interface EmployeeWork {
  sessions: WorkSession[];
  /** Positions of each session by its start: the shift's, else the staff record's. */
  positionsAt: Map<number, string[]>;
}

/**
 * Confirmed sessions touching [from, to) of the employees who worked in a role of `roleIds` (the
 * pools' roles that share tips), with each session's positions: its shift's, else the staff
 * record's. Filtering in the query keeps a large staff's other sessions out of the computation.
 */
async function workOf(tx: Queryable, orgId: string, from: number, to: number, roleIds: string[]) {
  const out = new Map<string, EmployeeWork>();
  if (roleIds.length === 0) return out;
  const found = await payableSessions(tx, orgId, { from, to, by: 'overlap' }, { positionIds: roleIds });
  for (const session of found) {
    const work: EmployeeWork = out.get(session.contactId) ?? { sessions: [], positionsAt: new Map() };
    work.sessions.push(session);
    work.positionsAt.set(session.start, session.positionIds);
    out.set(session.contactId, work);
  }
  return out;
}

/** The instants of a pool's day-shift windows on `day`; the whole day without any. */
export function poolWindows(pool: Pick<PoolDef, 'dayShifts'>, day: string, timeZone: string): TimeSpan[] {
  if (pool.dayShifts.length === 0) {
    return [{ start: zonedDayStart(day, timeZone), end: zonedDayStart(addDaysToIsoDate(day, 1), timeZone) }];
  }
  return mergeSpans(
    pool.dayShifts.map((s) => ({
      start: workTimeAt(day, s.start, timeZone),
      end: workTimeAt(s.end <= s.start ? addDaysToIsoDate(day, 1) : day, s.end, timeZone),
    })),
  );
}

/** The live share of every pool of `pools` (all the organisation's, oldest first) over the days. */
export async function liveShare(
  tx: Queryable,
  orgId: string,
  timeZone: string,
  first: string,
  last: string,
  pools: readonly PoolDef[],
): Promise<PoolDayShare[]> {
  if (pools.length === 0 || last < first) return [];
  const days = daysOfRange({ start: first, end: addDaysToIsoDate(last, 1) });
  const from = zonedDayStart(first, timeZone);
  const to = zonedDayStart(addDaysToIsoDate(last, 2), timeZone);
  const tips = await poolDayTips(tx, orgId, first, last);
  const sharingRoles = new Set(
    pools.flatMap((p) => p.roles.filter((r) => r.sharesTips).map((r) => r.roleId)),
  );
  const work = await workOf(tx, orgId, from, to, [...sharingRoles]);
  // Candidate entries: employee -> day -> the pools they worked for, with role and time.
  const order = new Map(pools.map((p, i) => [p.id, i]));
  const chosen: TipWorkEntry[] = [];
  const windows = new Map<string, TimeSpan[]>();
  const windowsOf = (pool: PoolDef, day: string) => {
    const key = `${pool.id}|${day}`;
    let found = windows.get(key);
    if (!found) {
      found = poolWindows(pool, day, timeZone);
      windows.set(key, found);
    }
    return found;
  };
  for (const [contactId, mine] of work) {
    const spans = employeeWorkedSpans(mine.sessions);
    for (const day of days) {
      let best: TipWorkEntry | null = null;
      let bestRank = 0;
      for (const pool of pools) {
        const sharing = new Set(pool.roles.filter((r) => r.sharesTips).map((r) => r.roleId));
        if (sharing.size === 0) continue;
        const win = windowsOf(pool, day);
        const byRole = new Map<string, number>();
        for (const span of spans) {
          const roleId = (mine.positionsAt.get(span.sessionStart) ?? []).find((id) => sharing.has(id));
          if (!roleId) continue;
          const ms = overlapLength([span], win);
          if (ms > 0) byRole.set(roleId, (byRole.get(roleId) ?? 0) + ms);
        }
        if (byRole.size === 0) continue;
        let roleId = '';
        let most = -1;
        let total = 0;
        for (const [id, ms] of byRole) {
          total += ms;
          if (ms > most || (ms === most && id < roleId)) [roleId, most] = [id, ms];
        }
        // A pool with tips that day first, then the longest time; pools come oldest first, so a
        // tie keeps the older pool.
        const money = tips.get(`${pool.id}|${day}`);
        const rank = money && (money.card > 0 || money.cash > 0) ? 1 : 0;
        if (!best || rank > bestRank || (rank === bestRank && total > best.workedMs)) {
          best = { employeeId: contactId, day, poolId: pool.id, roleId, workedMs: total };
          bestRank = rank;
        }
      }
      if (best) chosen.push(best);
    }
  }
  const byPoolDay = new Map<string, TipWorkEntry[]>();
  for (const entry of chosen) {
    const key = `${entry.poolId}|${entry.day}`;
    byPoolDay.set(key, [...(byPoolDay.get(key) ?? []), entry]);
  }
  const result: PoolDayShare[] = [];
  for (const pool of [...pools].sort((a, b) => order.get(a.id)! - order.get(b.id)!)) {
    for (const day of days) {
      const key = `${pool.id}|${day}`;
      const money = tips.get(key) ?? { card: 0, cash: 0 };
      const entries = byPoolDay.get(key) ?? [];
      if (entries.length === 0 && money.card === 0 && money.cash === 0) continue;
      const shared = shareTips(
        [
          {
            poolId: pool.id,
            day,
            basis: pool.basis,
            roles: pool.roles.map((r) => ({
              roleId: r.roleId,
              points: r.points ?? undefined,
              share: r.share ?? undefined,
              sharesTips: r.sharesTips,
            })),
            cardTipsCents: money.card,
            cashTipsCents: money.cash,
          },
        ],
        entries,
      );
      result.push({
        poolId: pool.id,
        day,
        cardTipsCents: money.card,
        cashTipsCents: money.cash,
        shared: shared.ok,
        lines: shared.ok
          ? shared.lines.map((l) => ({
              contactId: l.employeeId,
              roleId: l.roleId,
              workedMs: l.workedMs,
              ccTip: l.ccTip,
              cashTip: l.cashTip,
            }))
          : entries.map((e) => ({
              contactId: e.employeeId,
              roleId: e.roleId,
              workedMs: e.workedMs,
              ccTip: 0,
              cashTip: 0,
            })),
      });
    }
  }
  return result;
}
