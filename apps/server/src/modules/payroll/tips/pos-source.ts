import { TIPS_TEXT, type TipSyncBody } from '@opsuite/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../../db/client.ts';
import { AppError } from '../../../lib/errors.ts';
import { Seam, type Seams } from '../../../lib/seams.ts';
import { paidBefore, putDailyTips } from './daily-tips.service.ts';
import { tipShare } from './share.service.ts';
import { dailyTips } from './tips.tables.ts';

// "Sync tip share with the POS". The POS module (later) implements TipsPosSource and registers it
// on the app with registerTipsPosSource; until then the built-in source answers from the daily tips typed in, so a
// sync changes nothing and shows the share. A sync writes the card tips the POS reports into the
// daily tips of open days (cash stays as typed); paid days are left as paid.

export interface PosCardTips {
  locationId: string;
  /** The organisation's calendar day, YYYY-MM-DD. */
  day: string;
  cardTipsCents: number;
}

export interface TipsPosSource {
  /** Card tips per day and location of [startDate, endDate] (inclusive). Throw when unreachable. */
  cardTips(
    tx: Queryable,
    orgId: string,
    range: { startDate: string; endDate: string },
  ): Promise<PosCardTips[]>;
}

/** Until a POS exists: the card tips already in the daily tips. */
export const dailyTipsSource: TipsPosSource = {
  async cardTips(tx, orgId, range) {
    const found = await tx
      .select({
        locationId: dailyTips.locationId,
        day: sql<string>`${dailyTips.day}::text`,
        cardTipsCents: dailyTips.cardTipsCents,
      })
      .from(dailyTips)
      .where(
        and(
          eq(dailyTips.organizationId, orgId),
          sql`${dailyTips.day} between ${range.startDate}::date and ${range.endDate}::date`,
        ),
      );
    return found;
  },
};

/** Payroll's seam: the POS's card tips, on the app (lib/seams.ts); one at most. */
export const TIPS_POS_SOURCE = new Seam<TipsPosSource>('tips POS source');

/** For the POS module (and tests): the source the app's syncs read from. */
export function registerTipsPosSource(app: { services: { seams: Seams } }, source: TipsPosSource): void {
  app.services.seams.add(TIPS_POS_SOURCE, 'tips POS source', source);
}

/** The app's POS source, or the daily tips typed in when no POS registered one. */
export const tipsPosSourceOf = (services: { seams: Seams }): TipsPosSource =>
  services.seams.one(TIPS_POS_SOURCE) ?? dailyTipsSource;

export async function syncTipShare(
  tx: Tx,
  orgId: string,
  timeZone: string,
  range: TipSyncBody,
  source: TipsPosSource,
) {
  let reported: PosCardTips[];
  try {
    reported = await source.cardTips(tx, orgId, range);
  } catch {
    throw new AppError('INTERNAL', TIPS_TEXT.unableToSync);
  }
  const valid = reported.every(
    (r) =>
      Number.isSafeInteger(r.cardTipsCents) &&
      r.cardTipsCents >= 0 &&
      r.day >= range.startDate &&
      r.day <= range.endDate,
  );
  if (!valid) throw new AppError('INTERNAL', TIPS_TEXT.unableToSync);
  const openFrom = await paidBefore(tx, orgId);
  const existing = await dailyTipsSource.cardTips(tx, orgId, range);
  const have = new Map(existing.map((e) => [`${e.locationId}|${e.day}`, e]));
  const cash = await tx
    .select({
      locationId: dailyTips.locationId,
      day: sql<string>`${dailyTips.day}::text`,
      cash: dailyTips.cashTipsCents,
    })
    .from(dailyTips)
    .where(
      and(
        eq(dailyTips.organizationId, orgId),
        sql`${dailyTips.day} between ${range.startDate}::date and ${range.endDate}::date`,
      ),
    );
  const cashOf = new Map(cash.map((c) => [`${c.locationId}|${c.day}`, c.cash]));
  let changed = 0;
  let skippedPaid = 0;
  for (const r of reported) {
    const key = `${r.locationId}|${r.day}`;
    if (have.get(key)?.cardTipsCents === r.cardTipsCents) continue;
    if (openFrom !== null && r.day < openFrom) {
      skippedPaid += 1;
      continue;
    }
    try {
      await putDailyTips(
        tx,
        orgId,
        {
          locationId: r.locationId,
          day: r.day,
          cardTipsCents: r.cardTipsCents,
          cashTipsCents: cashOf.get(key) ?? 0,
        },
        'pos',
      );
    } catch {
      // A location the POS knows and we do not: the sync cannot be trusted.
      throw new AppError('INTERNAL', TIPS_TEXT.unableToSync);
    }
    changed += 1;
  }
  const share = await tipShare(tx, orgId, timeZone, range);
  return { days: reported.length, changed, skippedPaid, share };
}
