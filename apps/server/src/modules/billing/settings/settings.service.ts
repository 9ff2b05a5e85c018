import {
  type BillingSettingsBody,
  basisPointsToPercent,
  DEFAULT_DUNNING_RETRY_DAYS,
  type ProcessingFeeSetting,
  percentToBasisPoints,
} from '@opsuite/shared';
import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { billingSettings } from '../billing.tables.ts';

// An organisation's billing choices: the days failed charges are tried again on, and whether the
// card processing fee is passed to the payer (its percent and title). An organisation that never
// saved them has the defaults: retries 1, 3 and 7 days after the first failure, no fee.

export const DEFAULT_FEE_TITLE = 'Card processing fee';

export interface BillingSettings {
  retryDays: number[];
  fee: ProcessingFeeSetting;
}

type Stored = typeof billingSettings.$inferSelect;

/** The settings columns as a left join reads them (every one null when never saved). */
export type SettingsRow = { [K in keyof typeof SETTINGS_COLUMNS]: Stored[K] | null };

/** The columns a query joining billing_settings selects for settingsOf. */
export const SETTINGS_COLUMNS = {
  retryDays: billingSettings.retryDays,
  feeEnabled: billingSettings.feeEnabled,
  feeBasisPoints: billingSettings.feeBasisPoints,
  feeTitle: billingSettings.feeTitle,
};

/** A smallint[] read through the builder is an array; a raw statement on `pg` may answer '{1,3,7}'. */
function dayList(value: number[] | string | null | undefined): number[] {
  if (value === null || value === undefined) return [...DEFAULT_DUNNING_RETRY_DAYS];
  if (Array.isArray(value)) return value.map(Number);
  return value.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);
}

export function settingsOf(
  row: (Partial<Omit<SettingsRow, 'retryDays'>> & { retryDays?: number[] | string | null }) | undefined,
): BillingSettings {
  return {
    retryDays: dayList(row?.retryDays),
    fee: {
      enabled: row?.feeEnabled ?? false,
      basisPoints: row?.feeBasisPoints ?? 0,
      title: row?.feeTitle ?? DEFAULT_FEE_TITLE,
    },
  };
}

export async function readSettings(tx: Queryable, orgId: string): Promise<BillingSettings> {
  const [row] = await tx
    .select(SETTINGS_COLUMNS)
    .from(billingSettings)
    .where(eq(billingSettings.organizationId, orgId));
  return settingsOf(row);
}

export const settingsAnswer = (s: BillingSettings): BillingSettingsBody => ({
  retryDays: s.retryDays,
  processingFeeEnabled: s.fee.enabled,
  processingFeePercent: basisPointsToPercent(s.fee.basisPoints ?? 0),
  processingFeeTitle: s.fee.title,
});

export async function saveSettings(tx: Queryable, orgId: string, body: BillingSettingsBody) {
  const basisPoints = percentToBasisPoints(body.processingFeePercent);
  const values = {
    retryDays: body.retryDays,
    feeEnabled: body.processingFeeEnabled,
    feeBasisPoints: basisPoints,
    feeTitle: body.processingFeeTitle,
  };
  await tx
    .insert(billingSettings)
    .values({ organizationId: orgId, ...values })
    .onConflictDoUpdate({
      target: billingSettings.organizationId,
      set: { ...values, updatedAt: sql`now()` },
    });
  return settingsAnswer(await readSettings(tx, orgId));
}
