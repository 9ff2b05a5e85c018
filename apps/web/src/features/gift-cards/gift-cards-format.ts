import type { GiftCardAnswer, GiftCardEntryAnswer } from '@opsuite/shared';

// How gift cards read on screen: money, statuses and ledger entries.

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Integer cents as money: 5000 → $50.00. */
export const formatCents = (cents: number) => money.format(cents / 100);

/** A typed amount ("50", "12.5", "$1,000") as integer cents; null when it is not a number. */
export function toCents(value: string | number): number | null {
  if (value === '' || value === null || value === undefined) return null;
  const n = typeof value === 'number' ? value : Number(String(value).replace(/[$,\s]/g, ''));
  return Number.isFinite(n) ? Math.round(n * 100) : null;
}

/** "25, 50, 100" → [2500, 5000, 10000]; null when a part is not an amount. */
export function parseAmounts(text: string): number[] | null {
  const parts = text.split(/[,;\s]+/).filter(Boolean);
  const cents = parts.map(toCents);
  return cents.every((c): c is number => c !== null && c > 0) ? cents : null;
}

export const STATUS_LABEL: Record<GiftCardAnswer['status'], string> = {
  active: 'Active',
  deactivated: 'Deactivated',
  expired: 'Expired',
  used: 'Used',
};
export const STATUS_COLOR: Record<GiftCardAnswer['status'], string> = {
  active: 'teal',
  deactivated: 'gray',
  expired: 'orange',
  used: 'blue',
};

export const ENTRY_LABEL: Record<GiftCardEntryAnswer['kind'], string> = {
  issue: 'Issued',
  redemption: 'Redemption',
  refund: 'Refund',
  adjustment: 'Adjustment',
};

export const DELIVERY_LABEL: Record<GiftCardAnswer['delivery'], string> = {
  none: 'Not e-mailed',
  scheduled: 'E-mail scheduled',
  sent: 'E-mail sent',
};
