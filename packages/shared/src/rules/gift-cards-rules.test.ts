import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addMonthsUtc,
  balanceAfter,
  entryDelta,
  formatGiftCardCode,
  GIFT_CARD_CODE_ALPHABET,
  GIFT_CARD_CODE_LENGTH,
  giftCardExpiry,
  giftCardStatus,
  ledgerBalance,
  makeGiftCardCode,
  normalizeGiftCardCode,
  templateTakesAmount,
} from './gift-cards-rules.ts';

const codeArb = fc
  .array(fc.integer({ min: 0, max: GIFT_CARD_CODE_ALPHABET.length - 1 }), {
    minLength: GIFT_CARD_CODE_LENGTH,
    maxLength: GIFT_CARD_CODE_LENGTH,
  })
  .map((ix) => {
    let i = 0;
    return makeGiftCardCode(() => ix[i++]!);
  });

describe('gift card codes', () => {
  it('has 32 unambiguous characters', () => {
    expect(GIFT_CARD_CODE_ALPHABET).toHaveLength(32);
    expect(new Set(GIFT_CARD_CODE_ALPHABET).size).toBe(32);
    for (const ch of '01OI') expect(GIFT_CARD_CODE_ALPHABET).not.toContain(ch);
  });

  it('formats in groups of four and reads back however it is typed', () => {
    expect(formatGiftCardCode('ABCDEFGHJKLMNPQR')).toBe('ABCD-EFGH-JKLM-NPQR');
    fc.assert(
      fc.property(codeArb, fc.constantFrom('-', ' ', ''), fc.boolean(), (code, sep, lower) => {
        const shown = formatGiftCardCode(code).replaceAll('-', sep);
        expect(normalizeGiftCardCode(lower ? shown.toLowerCase() : shown)).toBe(code);
      }),
    );
  });

  it('refuses what cannot be a code', () => {
    expect(normalizeGiftCardCode('0BCD-EFGH-JKLM-NPQR')).toBeNull();
    expect(normalizeGiftCardCode('ABCD-EFGH')).toBeNull();
    expect(normalizeGiftCardCode('ABCD-EFGH-JKLM-NPQ!')).toBeNull();
    expect(normalizeGiftCardCode('')).toBeNull();
  });
});

describe('gift card expiry', () => {
  const issued = new Date('2026-02-28T10:00:00.000Z');

  it('never expires without a setting', () => {
    expect(giftCardExpiry(issued, null)).toBeNull();
  });

  it('is never earlier than five years after issue', () => {
    expect(giftCardExpiry(issued, 12)!.toISOString()).toBe('2031-02-28T10:00:00.000Z');
    expect(giftCardExpiry(issued, 84)!.toISOString()).toBe('2033-02-28T10:00:00.000Z');
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 600 }),
        (at, months) => {
          const expires = giftCardExpiry(at, months)!;
          expect(expires.getTime()).toBeGreaterThanOrEqual(addMonthsUtc(at, 60).getTime());
          expect(expires.getTime() - at.getTime()).toBeGreaterThanOrEqual(5 * 365 * 86_400_000);
        },
      ),
    );
  });

  it('clamps the day to the end of a shorter month', () => {
    expect(addMonthsUtc(new Date('2024-02-29T00:00:00Z'), 12).toISOString()).toBe('2025-02-28T00:00:00.000Z');
    expect(addMonthsUtc(new Date('2026-01-31T00:00:00Z'), 1).toISOString()).toBe('2026-02-28T00:00:00.000Z');
  });
});

describe('gift card balance', () => {
  it('adds issues and refunds, takes redemptions, and refuses going below zero', () => {
    expect(entryDelta('issue', 5000)).toBe(5000);
    expect(entryDelta('redemption', 1000)).toBe(-1000);
    expect(entryDelta('adjustment', -250)).toBe(-250);
    expect(() => entryDelta('redemption', 0)).toThrow(RangeError);
    expect(() => entryDelta('refund', 1.5)).toThrow(RangeError);
    expect(balanceAfter(5000, 'redemption', 5000)).toBe(0);
    expect(balanceAfter(5000, 'redemption', 5001)).toBeNull();
    expect(balanceAfter(100, 'adjustment', -101)).toBeNull();
  });

  it('a ledger never goes below zero and equals the sum of what it accepted', () => {
    const entry = fc.oneof(
      fc.record({ kind: fc.constant('issue' as const), amountCents: fc.integer({ min: 1, max: 100_000 }) }),
      fc.record({
        kind: fc.constant('redemption' as const),
        amountCents: fc.integer({ min: 1, max: 100_000 }),
      }),
      fc.record({ kind: fc.constant('refund' as const), amountCents: fc.integer({ min: 1, max: 100_000 }) }),
      fc.record({
        kind: fc.constant('adjustment' as const),
        amountCents: fc.integer({ min: -100_000, max: 100_000 }),
      }),
    );
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 40 }), (entries) => {
        let balance = 0;
        const kept: typeof entries = [];
        for (const e of entries) {
          const next = balanceAfter(balance, e.kind, e.amountCents);
          if (next === null) continue;
          expect(next).toBeGreaterThanOrEqual(0);
          balance = next;
          kept.push(e);
        }
        expect(ledgerBalance(kept)).toBe(balance);
        expect(balance).toBe(kept.reduce((s, e) => s + entryDelta(e.kind, e.amountCents), 0));
      }),
    );
  });
});

describe('gift card status and template amounts', () => {
  const now = Date.parse('2026-06-01T00:00:00Z');
  it('reads deactivated, expired, used and active in that order', () => {
    const card = { activated: true, expiresAt: null, balanceCents: 100 };
    expect(giftCardStatus(card, now)).toBe('active');
    expect(giftCardStatus({ ...card, balanceCents: 0 }, now)).toBe('used');
    expect(giftCardStatus({ ...card, expiresAt: '2026-05-01T00:00:00Z' }, now)).toBe('expired');
    expect(giftCardStatus({ ...card, activated: false, expiresAt: '2026-05-01T00:00:00Z' }, now)).toBe(
      'deactivated',
    );
  });
  it('takes a fixed amount or one in the custom range', () => {
    const t = {
      fixedAmountsCents: [2500, 5000],
      allowCustom: false,
      customMinCents: null,
      customMaxCents: null,
    };
    expect(templateTakesAmount(t, 2500)).toBe(true);
    expect(templateTakesAmount(t, 3000)).toBe(false);
    const custom = { ...t, allowCustom: true, customMinCents: 1000, customMaxCents: 20000 };
    expect(templateTakesAmount(custom, 3000)).toBe(true);
    expect(templateTakesAmount(custom, 999)).toBe(false);
    expect(templateTakesAmount(custom, 20001)).toBe(false);
  });
});
