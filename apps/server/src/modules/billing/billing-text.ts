// How billing writes money, invoice numbers, cards and periods in the texts it stores and sends
// (timeline titles, e-mails, PDFs, CSV).

/** INV-000001: numbers run 1, 2, 3… per organisation. */
export const invoiceNumber = (n: number) => `INV-${String(n).padStart(6, '0')}`;

/** Integer cents as dollars: 12900 → $129.00. */
export const formatMoney = (cents: number) =>
  `${cents < 0 ? '-' : ''}$${(Math.abs(cents) / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

export const cardLabel = (brand: string, last4: string) => `${brand} •••• ${last4}`;

// Made once: building an Intl formatter costs more than formatting with it, and the runner
// describes every period it bills.
const withYear = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const withoutYear = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const dayOf = (day: string) => new Date(`${day}T00:00:00Z`);

/** 'Nov 15 – Dec 14, 2025' for the half-open period [start, end); 'Nov 15, 2025' for one day. */
export function periodLabel(start: string, end: string | null): string {
  if (!end) return withYear.format(dayOf(start));
  const last = dayOf(end);
  last.setUTCDate(last.getUTCDate() - 1);
  const sameYear = start.slice(0, 4) === String(last.getUTCFullYear());
  return `${(sameYear ? withoutYear : withYear).format(dayOf(start))} – ${withYear.format(last)}`;
}
