import { describe, expect, it } from 'vitest';
import { financeStats, type InvoiceRecord, invoiceStats, lastTwelveMonths } from './billing-stats.ts';

const NY = 'America/New_York';
// 22:00 on Saturday 2026-02-28 in New York, already March in UTC.
const now = Date.parse('2026-03-01T03:00:00Z');
const at = (iso: string) => Date.parse(iso);

const invoices: InvoiceRecord[] = [
  { status: 'draft', amountCents: 5_000, dueDate: '2026-03-10' },
  {
    status: 'sent',
    amountCents: 10_000,
    dueDate: '2026-02-10',
    payments: [{ amountCents: 10_000, paidAt: at('2026-02-10T15:00:00Z') }],
  },
  // Paid at 23:30 on Jan 31 New York time.
  {
    status: 'sent',
    amountCents: 8_000,
    dueDate: '2026-02-20',
    payments: [{ amountCents: 3_000, paidAt: at('2026-02-01T04:30:00Z') }],
  },
  { status: 'sent', amountCents: 2_000, dueDate: '2026-02-28' },
  { status: 'sent', amountCents: 4_000, dueDate: '2026-03-02' },
  {
    status: 'void',
    amountCents: 9_999,
    dueDate: '2026-02-01',
    payments: [
      { amountCents: 700, paidAt: at('2026-02-02T15:00:00Z') },
      { amountCents: -700, paidAt: at('2026-02-03T15:00:00Z') },
    ],
  },
  {
    status: 'sent',
    amountCents: 1_500,
    dueDate: '2026-02-25',
    payments: [{ amountCents: 1_500, paidAt: at('2026-03-01T03:30:00Z') }],
  },
  {
    status: 'sent',
    amountCents: 3_000,
    dueDate: '2026-01-15',
    recurring: true,
    payments: [
      { amountCents: 3_000, paidAt: at('2026-01-15T12:00:00Z') },
      { amountCents: -1_000, paidAt: at('2026-02-05T12:00:00Z') },
    ],
  },
];

describe('invoice stats', () => {
  it('puts every invoice that is not void in one bucket and sums amounts on the zone calendar', () => {
    const stats = invoiceStats(invoices, now, NY);
    expect(stats).toEqual({
      total: 7,
      draft: 1,
      paid: 2,
      partialPayment: 2,
      due: 1,
      sent: 1,
      thisWeek: 2_000,
      thisMonth: 7_000,
      nextMonth: 9_000,
      paidAmount: 16_500,
      scheduledAmount: 9_000,
      dueAmount: 8_000,
      paidPercent: 49,
      scheduledPercent: 27,
      duePercent: 24,
    });
    expect(stats.draft + stats.paid + stats.partialPayment + stats.due + stats.sent).toBe(stats.total);
  });

  it('gives 0 % when there is nothing, and 100 % in all otherwise', () => {
    const empty = invoiceStats([], now, NY);
    expect([empty.paidPercent, empty.scheduledPercent, empty.duePercent]).toEqual([0, 0, 0]);
    const thirds = invoiceStats(
      [
        {
          status: 'sent',
          amountCents: 100,
          dueDate: '2026-02-01',
          payments: [{ amountCents: 100, paidAt: now }],
        },
        { status: 'sent', amountCents: 100, dueDate: '2026-02-01' },
        { status: 'sent', amountCents: 100, dueDate: '2026-03-05' },
      ],
      now,
      NY,
    );
    expect(thirds.paidPercent + thirds.scheduledPercent + thirds.duePercent).toBe(100);
  });

  it('reads today in the zone', () => {
    // In UTC it is already March 1: the Feb 28 invoice is due either way, the week moves on.
    const utc = invoiceStats(invoices, now, 'UTC');
    expect(utc.thisWeek).toBe(4_000);
    expect(utc.thisMonth).toBe(9_000);
  });
});

describe('finance stats', () => {
  it('sums collected money by month in the zone and splits ongoing from one-time', () => {
    expect(financeStats(invoices, now, NY)).toEqual({
      thisMonth: 10_500,
      lastMonth: 6_000,
      ongoing: 2_000,
      oneTime: 14_500,
      pastDue: 6_000,
      upcoming: 11_000,
      totalCollected: 16_500,
    });
  });
});

describe('a failed charge', () => {
  it('makes an invoice due and past due before its due day has passed', () => {
    const failed: InvoiceRecord = {
      status: 'sent',
      amountCents: 4_000,
      dueDate: '2026-03-02',
      overdue: true,
    };
    const waiting: InvoiceRecord = { ...failed, overdue: false };
    expect(invoiceStats([failed], now, NY)).toMatchObject({
      due: 1,
      sent: 0,
      dueAmount: 4_000,
      scheduledAmount: 0,
    });
    expect(invoiceStats([waiting], now, NY)).toMatchObject({
      due: 0,
      sent: 1,
      dueAmount: 0,
      scheduledAmount: 4_000,
    });
    expect(financeStats([failed], now, NY)).toMatchObject({ pastDue: 4_000, upcoming: 0 });
    expect(financeStats([waiting], now, NY)).toMatchObject({ pastDue: 0, upcoming: 4_000 });
  });
});

describe('a paid invoice partly refunded', () => {
  it('stays paid: the refund is money given back, not owed again', () => {
    const refunded: InvoiceRecord = {
      status: 'sent',
      amountCents: 12_900,
      dueDate: '2026-02-01',
      settled: true,
      payments: [
        { amountCents: 12_900, paidAt: at('2026-02-01T15:00:00Z') },
        { amountCents: -3_000, paidAt: at('2026-02-20T15:00:00Z') },
      ],
    };
    expect(invoiceStats([refunded], now, NY)).toMatchObject({
      paid: 1,
      partialPayment: 0,
      paidAmount: 9_900,
      dueAmount: 0,
      scheduledAmount: 0,
    });
    expect(financeStats([refunded], now, NY)).toMatchObject({
      pastDue: 0,
      upcoming: 0,
      thisMonth: 9_900,
      totalCollected: 9_900,
    });
    // Not settled (a part paid, then given back): what is left is still owed.
    expect(financeStats([{ ...refunded, settled: false }], now, NY)).toMatchObject({ pastDue: 3_000 });
  });
});

describe("the finance chart's months", () => {
  it("are the twelve up to today's, across a new year", () => {
    expect(lastTwelveMonths('2026-02-14')).toEqual([
      '2025-03',
      '2025-04',
      '2025-05',
      '2025-06',
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
    expect(lastTwelveMonths('2026-12-31')[0]).toBe('2026-01');
  });
});
