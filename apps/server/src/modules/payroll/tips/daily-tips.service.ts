import {
  type DailyTipsAnswer,
  type DailyTipsBody,
  type DailyTipsQuery,
  sumCents,
  TIPS_TEXT,
} from '@opsuite/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../../db/client.ts';
import { tenantJoin } from '../../../db/tenant.ts';
import { conflict, lookupMissing } from '../../../lib/errors.ts';
import { lockPaidDaysShared, payrollOpenFrom } from '../open-from.ts';
import { dailyTips, tipLocations } from './tips.tables.ts';

// Daily tips: the cash and card tips of each location and day, as typed or synced from the
// POS; days in a paid period are read only.

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
