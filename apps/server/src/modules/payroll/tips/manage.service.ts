import {
  type DailyTipsAnswer,
  type DailyTipsBody,
  type DailyTipsQuery,
  sumCents,
  TIPS_TEXT,
  type TipLocationAnswer,
  type TipLocationBody,
  type TipRoleAnswer,
} from '@opsuite/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../../db/client.ts';
import { tenantJoin } from '../../../db/tenant.ts';
import { conflict, lookupMissing, notFound } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { positionsOf } from '../../staff/index.ts';
import { lockPaidDaysShared, payrollOpenFrom } from '../open-from.ts';
import { roleSettings } from './pools.read.ts';
import { dailyTips, tipLocations, tipPoolLocations, tipPools, tipRoleSettings } from './tips.tables.ts';

// Tip locations, the per-role "shares tips" setting and daily tips.

export async function listLocations(tx: Queryable, orgId: string): Promise<TipLocationAnswer[]> {
  const found = await tx
    .select({ id: tipLocations.id, name: tipLocations.name, poolId: tipPools.id, poolName: tipPools.name })
    .from(tipLocations)
    .leftJoin(
      tipPoolLocations,
      tenantJoin(tipPoolLocations, tipLocations, eq(tipPoolLocations.locationId, tipLocations.id)),
    )
    .leftJoin(tipPools, tenantJoin(tipPools, tipPoolLocations, eq(tipPools.id, tipPoolLocations.poolId)))
    .where(eq(tipLocations.organizationId, orgId))
    .orderBy(asc(tipLocations.name), asc(tipLocations.id));
  return found.map((r) => ({ _id: r.id, name: r.name, poolId: r.poolId, poolName: r.poolName }));
}

async function locationAnswer(tx: Queryable, orgId: string, id: string) {
  const found = (await listLocations(tx, orgId)).find((l) => l._id === id);
  if (!found) throw notFound('Location');
  return found;
}

export async function addLocation(tx: Tx, orgId: string, body: TipLocationBody) {
  const id = newId();
  await tx.insert(tipLocations).values({ organizationId: orgId, id, name: body.name });
  return locationAnswer(tx, orgId, id);
}

export async function renameLocation(tx: Tx, orgId: string, id: string, body: TipLocationBody) {
  const done = await tx
    .update(tipLocations)
    .set({ name: body.name, updatedAt: sql`now()` })
    .where(and(eq(tipLocations.organizationId, orgId), eq(tipLocations.id, id)))
    .returning({ id: tipLocations.id });
  if (done.length === 0) throw notFound('Location');
  return locationAnswer(tx, orgId, id);
}

export async function removeLocation(tx: Tx, orgId: string, id: string) {
  const [use] = await tx
    .select({
      pools: sql<number>`(select count(*)::int from ${tipPoolLocations} where ${tipPoolLocations.organizationId} = ${orgId} and ${tipPoolLocations.locationId} = ${id})`,
      days: sql<number>`(select count(*)::int from ${dailyTips} where ${dailyTips.organizationId} = ${orgId} and ${dailyTips.locationId} = ${id})`,
    })
    .from(sql`(select 1) as one`);
  if (Number(use?.pools) > 0 || Number(use?.days) > 0) throw conflict(TIPS_TEXT.locationInUse);
  const gone = await tx
    .delete(tipLocations)
    .where(and(eq(tipLocations.organizationId, orgId), eq(tipLocations.id, id)))
    .returning({ id: tipLocations.id });
  if (gone.length === 0) throw notFound('Location');
}

export async function listRoles(tx: Queryable, orgId: string): Promise<TipRoleAnswer[]> {
  return [...(await roleSettings(tx, orgId))].map(([roleId, r]) => ({ roleId, ...r }));
}

export async function putRole(tx: Tx, orgId: string, roleId: string, sharesTips: boolean) {
  const [position] = await positionsOf(tx, orgId, [roleId]);
  if (!position) throw notFound('Role');
  await tx
    .insert(tipRoleSettings)
    .values({ organizationId: orgId, positionId: roleId, sharesTips })
    .onConflictDoUpdate({
      target: [tipRoleSettings.organizationId, tipRoleSettings.positionId],
      set: { sharesTips, updatedAt: sql`now()` },
    });
  return (await listRoles(tx, orgId)).find((r) => r.roleId === roleId)!;
}

/** Days before this one are in paid periods (null: nothing paid yet). */
export const paidBefore = (tx: Queryable, orgId: string) => payrollOpenFrom(tx, orgId);

export async function listDailyTips(tx: Queryable, orgId: string, q: DailyTipsQuery) {
  const openFrom = await paidBefore(tx, orgId);
  const found = await tx
    .select({
      locationId: dailyTips.locationId,
      locationName: tipLocations.name,
      day: sql<string>`${dailyTips.day}::text`,
      cardTipsCents: dailyTips.cardTipsCents,
      cashTipsCents: dailyTips.cashTipsCents,
      source: dailyTips.source,
      updatedAt: dailyTips.updatedAt,
    })
    .from(dailyTips)
    .innerJoin(tipLocations, tenantJoin(tipLocations, dailyTips, eq(tipLocations.id, dailyTips.locationId)))
    .where(
      and(
        eq(dailyTips.organizationId, orgId),
        sql`${dailyTips.day} between ${q.startDate}::date and ${q.endDate}::date`,
        q.locationId ? eq(dailyTips.locationId, q.locationId) : undefined,
      ),
    )
    .orderBy(asc(dailyTips.day), asc(tipLocations.name));
  const list: DailyTipsAnswer[] = found.map((r) => ({
    ...r,
    source: r.source as DailyTipsAnswer['source'],
    paid: openFrom !== null && r.day < openFrom,
    updatedAt: r.updatedAt.toISOString(),
  }));
  return {
    list,
    totals: {
      cardTipsCents: sumCents(list.map((d) => d.cardTipsCents)),
      cashTipsCents: sumCents(list.map((d) => d.cashTipsCents)),
    },
  };
}

/** Upsert one location-day; a day of a paid period is refused. */
export async function putDailyTips(
  tx: Tx,
  orgId: string,
  body: DailyTipsBody,
  source: 'manual' | 'pos' = 'manual',
) {
  // Waits for a payroll run in progress, which then sees this day as paid.
  await lockPaidDaysShared(tx, orgId);
  const openFrom = await paidBefore(tx, orgId);
  if (openFrom !== null && body.day < openFrom) throw conflict(TIPS_TEXT.paidPeriod, 'day');
  const [location] = await tx
    .select({ id: tipLocations.id })
    .from(tipLocations)
    .where(and(eq(tipLocations.organizationId, orgId), eq(tipLocations.id, body.locationId)));
  if (!location) throw lookupMissing('locationId');
  await tx
    .insert(dailyTips)
    .values({ organizationId: orgId, ...body, source })
    .onConflictDoUpdate({
      target: [dailyTips.organizationId, dailyTips.locationId, dailyTips.day],
      set: {
        cardTipsCents: body.cardTipsCents,
        cashTipsCents: body.cashTipsCents,
        source,
        updatedAt: sql`now()`,
      },
    });
  const { list } = await listDailyTips(tx, orgId, {
    startDate: body.day,
    endDate: body.day,
    locationId: body.locationId,
  });
  return list[0]!;
}
