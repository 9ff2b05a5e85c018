import {
  type BillingSettingsBody,
  basisPointsToPercent,
  DEFAULT_DUNNING_RETRY_DAYS,
  type ProcessingFeeSetting,
  percentToBasisPoints,
} from '@opsuite/shared';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { rows } from '../../../lib/sql.ts';

// An organisation's billing choices: the days failed charges are tried again on, and whether the
// card processing fee is passed to the payer (its percent and title). An organisation that never
// saved them has the defaults: retries 1, 3 and 7 days after the first failure, no fee.

export const DEFAULT_FEE_TITLE = 'Card processing fee';

export interface BillingSettings {
  retryDays: number[];
  fee: ProcessingFeeSetting;
}

interface SettingsRow {
  retry_days: number[] | string | null;
  fee_enabled: boolean | null;
  fee_basis_points: number | null;
  fee_title: string | null;
}

/** PGlite answers a smallint[] as an array, some drivers as '{1,3,7}'. */
function dayList(value: SettingsRow['retry_days']): number[] {
  if (value === null) return [...DEFAULT_DUNNING_RETRY_DAYS];
  if (Array.isArray(value)) return value.map(Number);
  return value.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);
}

export function settingsOf(row: SettingsRow | undefined): BillingSettings {
  return {
    retryDays: dayList(row?.retry_days ?? null),
    fee: {
      enabled: row?.fee_enabled ?? false,
      basisPoints: row?.fee_basis_points ?? 0,
      title: row?.fee_title ?? DEFAULT_FEE_TITLE,
    },
  };
}

/** The columns a statement joining `billing_settings s` selects for settingsOf. */
export const SETTINGS_COLUMNS = sql`s.retry_days, s.fee_enabled, s.fee_basis_points, s.fee_title`;

export async function readSettings(tx: Queryable, orgId: string): Promise<BillingSettings> {
  const [row] = await rows<SettingsRow>(
    tx,
    sql`select ${SETTINGS_COLUMNS} from billing_settings s where s.organization_id = ${orgId}`,
  );
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
  const days = `{${body.retryDays.join(',')}}`;
  await tx.execute(sql`insert into billing_settings as s
      (organization_id, retry_days, fee_enabled, fee_basis_points, fee_title)
    values (${orgId}, ${days}::smallint[], ${body.processingFeeEnabled}, ${basisPoints}, ${body.processingFeeTitle})
    on conflict (organization_id) do update set retry_days = excluded.retry_days,
      fee_enabled = excluded.fee_enabled, fee_basis_points = excluded.fee_basis_points,
      fee_title = excluded.fee_title, updated_at = now()`);
  return settingsAnswer(await readSettings(tx, orgId));
}
