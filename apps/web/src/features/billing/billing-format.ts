import type { ContractInterval, ContractStatus, InvoiceStatus } from '@opsuite/shared';

// How contracts and invoices read on screen: money, intervals and the status colours
// (due, paid, forfeit, refund, past due).

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Integer cents as money: 9900 → $99.00. */
export const formatCents = (cents: number) => money.format(cents / 100);

/** A typed amount ("99", "99.5", 99.5) as integer cents; null when it is not a number. */
export function toCents(value: string | number): number | null {
  if (value === '' || value === null || value === undefined) return null;
  const n = typeof value === 'number' ? value : Number(String(value).replace(/[$,\s]/g, ''));
  return Number.isFinite(n) ? Math.round(n * 100) : null;
}

export const INTERVAL_LABELS: Record<ContractInterval, string> = {
  one_time: 'One-time',
  weekly: 'Weekly',
  monthly: 'Monthly',
  yearly: 'Yearly',
};
const PER: Record<ContractInterval, string> = {
  one_time: '',
  weekly: ' / week',
  monthly: ' / month',
  yearly: ' / year',
};
export const priceText = (cents: number, interval: ContractInterval) =>
  `${formatCents(cents)}${PER[interval]}`;

export const CONTRACT_STATUS: Record<ContractStatus, { label: string; color: string }> = {
  active: { label: 'Active', color: 'green' },
  frozen: { label: 'Frozen', color: 'cyan' },
  cancelled: { label: 'Cancelled', color: 'gray' },
  expired: { label: 'Expired', color: 'dark' },
};

export const INVOICE_STATUS: Record<InvoiceStatus, { label: string; color: string }> = {
  due: { label: 'Due', color: 'blue' },
  past_due: { label: 'Past due', color: 'red' },
  paid: { label: 'Paid', color: 'green' },
  forfeit: { label: 'Forfeit', color: 'gray' },
  refund: { label: 'Refund', color: 'orange' },
};
export const INVOICE_STATUS_ORDER: InvoiceStatus[] = ['due', 'past_due', 'paid', 'forfeit', 'refund'];

export const PAYMENT_METHODS = [
  { value: 'cash', label: 'Cash' },
  { value: 'card', label: 'Card' },
  { value: 'bank_transfer', label: 'Bank transfer' },
  { value: 'other', label: 'Other' },
] as const;
