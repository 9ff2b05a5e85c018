import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateByLargestRemainder } from './largest-remainder.ts';
import { shareTips, type TipPoolDay, type TipWorkEntry } from './tip-share.ts';

const HOUR = 3_600_000;
const DAY = '2026-06-12';

const pool = (over: Partial<TipPoolDay> = {}): TipPoolDay => ({
  poolId: 'floor',
  day: DAY,
  basis: 'hours',
  roles: [{ roleId: 'server' }, { roleId: 'bartender' }, { roleId: 'manager', sharesTips: false }],
  cardTipsCents: 10_000,
  cashTipsCents: 5_000,
  ...over,
});
const work = (
  employeeId: string,
  roleId: string,
  hours: number,
  over: Partial<TipWorkEntry> = {},
): TipWorkEntry => ({
  employeeId,
  day: DAY,
  poolId: 'floor',
  roleId,
  workedMs: hours * HOUR,
  ...over,
});
const team = [
  work('ann', 'server', 6, { cashHeldCents: 5_000 }),
  work('ben', 'server', 4),
  work('cat', 'manager', 8),
  work('dan', 'bartender', 2),
];

function shares(result: ReturnType<typeof shareTips>) {
  if (!result.ok) throw new Error(result.error);
  return Object.fromEntries(result.employees.map((e) => [e.employeeId, [e.ccTip, e.cashTip, e.cashTipOwed]]));
}

describe('tip sharing', () => {
  it('splits card and cash tips by hours to the cent, leaves managers out, and settles cash in hand', () => {
    const result = shareTips([pool()], team);
    expect(shares(result)).toEqual({
      ann: [5_000, 2_500, -2_500],
      ben: [3_333, 1_667, 1_667],
      cat: [0, 0, 0],
      dan: [1_667, 833, 833],
    });
    if (!result.ok) return;
    expect(result.employees.find((e) => e.employeeId === 'ann')).toEqual({
      employeeId: 'ann',
      workedMs: 6 * HOUR,
      ccTip: 5_000,
      cashTip: 2_500,
      totalAmount: 7_500,
      cashHeld: 5_000,
      cashTipOwed: -2_500,
    });
    expect(result.lines.reduce((sum, l) => sum + l.ccTip, 0)).toBe(10_000);
    expect(result.employees.reduce((sum, e) => sum + e.cashTipOwed, 0)).toBe(0);
  });

  it('splits by role shares first and passes an unstaffed role share to the others in proportion', () => {
    const roles = [
      { roleId: 'server', share: 60 },
      { roleId: 'bartender', share: 30 },
      { roleId: 'busser', share: 10 },
      { roleId: 'manager', share: 50, sharesTips: false },
    ];
    const result = shareTips([pool({ roles, cashTipsCents: 0 })], [...team, work('eve', 'busser', 0)]);
    // 60:30 of 10,000 → 6,667 and 3,333; servers' 6,667 by 6 h and 4 h → 4,000.2 and 2,666.8.
    expect(shares(result)).toMatchObject({
      ann: [4_000, 0, -5_000],
      ben: [2_667, 0, 0],
      dan: [3_333, 0, 0],
      eve: [0, 0, 0],
    });
  });

  it('weighs by role points or equally', () => {
    const roles = [
      { roleId: 'server', points: 1 },
      { roleId: 'bartender', points: 1.5 },
    ];
    const points = shareTips(
      [pool({ basis: 'points', roles, cardTipsCents: 1_000, cashTipsCents: 0 })],
      team,
    );
    expect(shares(points)).toMatchObject({
      ann: [286, 0, -5_000],
      ben: [286, 0, 0],
      cat: [0, 0, 0],
      dan: [428, 0, 0],
    });
    const equal = shareTips(
      [pool({ basis: 'equal', cardTipsCents: 100, cashTipsCents: 0 })],
      [...team, work('abe', 'server', 0)],
    );
    expect(shares(equal)).toMatchObject({
      abe: [0, 0, 0],
      ann: [34, 0, -5_000],
      ben: [33, 0, 0],
      dan: [33, 0, 0],
    });
  });

  it('never counts an employee twice on a day', () => {
    const twoPools = shareTips(
      [pool(), pool({ poolId: 'bar' })],
      [...team, work('ben', 'server', 2, { poolId: 'bar' })],
    );
    expect(twoPools).toEqual({ ok: false, error: `Employee ben is in two tip pools on ${DAY}` });
    const twoRoles = shareTips([pool()], [...team, work('ben', 'bartender', 2)]);
    expect(twoRoles).toEqual({ ok: false, error: `Employee ben is in two roles of a tip pool on ${DAY}` });
    // A split shift in the same pool and role is one person with the hours added up.
    const split = shareTips([pool({ cashTipsCents: 0 })], [...team, work('ben', 'server', 2)]);
    expect(shares(split)).toMatchObject({ ann: [4_286, 0, -5_000], ben: [4_286, 0, 0], dan: [1_428, 0, 0] });
    if (split.ok) expect(split.lines.filter((l) => l.employeeId === 'ben')).toHaveLength(1);
    // The same employee in two pools on different days is fine.
    const otherDay = shareTips(
      [pool(), pool({ poolId: 'bar', day: '2026-06-13' })],
      [...team, work('ben', 'server', 2, { poolId: 'bar', day: '2026-06-13' })],
    );
    expect(otherDay.ok).toBe(true);
  });

  it('refuses tips nobody can take and a pool listed twice on a day', () => {
    expect(shareTips([pool()], [work('cat', 'manager', 8)])).toEqual({
      ok: false,
      error: `Nobody who shares tips worked in tip pool floor on ${DAY}`,
    });
    expect(shareTips([pool({ cardTipsCents: 0, cashTipsCents: 0 })], [work('cat', 'manager', 8)]).ok).toBe(
      true,
    );
    expect(shareTips([pool(), pool()], team)).toEqual({
      ok: false,
      error: `Tip pool floor is listed twice on ${DAY}`,
    });
  });

  it('gives an employee in no pool that day nothing, and asks the cash they hold back', () => {
    const result = shareTips(
      [pool()],
      [...team, work('fay', 'server', 5, { poolId: 'patio', cashHeldCents: 700 })],
    );
    expect(shares(result).fay).toEqual([0, 0, -700]);
  });
});

const participants = fc
  .uniqueArray(
    fc.record({
      key: fc.string({ minLength: 1, maxLength: 4 }),
      weight: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 40 * HOUR })),
    }),
    { minLength: 1, maxLength: 12, selector: (p) => p.key },
  )
  .filter((list) => list.some((p) => p.weight > 0));
const amount = fc.integer({ min: 0, max: 10_000_000 });

describe('largest remainder properties', () => {
  it('sums exactly to the amount, never negative, within a cent of the exact share; weight 0 gets 0', () => {
    fc.assert(
      fc.property(amount, participants, (cents, list) => {
        const parts = allocateByLargestRemainder(cents, list);
        expect(parts).not.toBeNull();
        const total = BigInt(list.reduce((sum, p) => sum + p.weight, 0));
        expect(parts!.reduce((sum, p) => sum + p.amount, 0)).toBe(cents);
        for (const part of parts!) {
          expect(part.amount).toBeGreaterThanOrEqual(0);
          if (part.weight === 0) expect(part.amount).toBe(0);
          // |share − amount × weight / total| < 1, compared without division.
          const gap = BigInt(part.amount) * total - BigInt(cents) * BigInt(part.weight);
          expect(gap < total && -gap < total).toBe(true);
        }
      }),
    );
  });

  it('is deterministic and depends on the people, not their order', () => {
    fc.assert(
      fc.property(
        amount,
        participants.chain((list) =>
          fc.tuple(fc.constant(list), fc.shuffledSubarray(list, { minLength: list.length })),
        ),
        (cents, [list, shuffled]) => {
          const byKey = (parts: ReturnType<typeof allocateByLargestRemainder>) =>
            Object.fromEntries(parts!.map((p) => [p.key, p.amount]));
          expect(allocateByLargestRemainder(cents, list)).toEqual(allocateByLargestRemainder(cents, list));
          expect(byKey(allocateByLargestRemainder(cents, shuffled))).toEqual(
            byKey(allocateByLargestRemainder(cents, list)),
          );
        },
      ),
    );
  });

  it('does not hand leftover cents to whoever is first in the list', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ minLength: 1, maxLength: 4 }), { minLength: 2, maxLength: 8 }),
        fc.integer({ min: 0, max: 1_000 }),
        (keys, base) => {
          // Equal weights and one cent left over: it goes to the smallest key wherever it stands.
          const smallest = [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))[0];
          const list = keys.map((key) => ({ key, weight: 1 }));
          const parts = allocateByLargestRemainder(base * keys.length + 1, list)!;
          for (const part of parts) expect(part.amount).toBe(base + (part.key === smallest ? 1 : 0));
        },
      ),
    );
    // And a case where the first of the list does not get it.
    const parts = allocateByLargestRemainder(1, [
      { key: 'zoe', weight: 1 },
      { key: 'amy', weight: 1 },
    ]);
    expect(parts?.map((p) => p.amount)).toEqual([0, 1]);
  });

  it('keeps every pool-day of a tip share exact', () => {
    const entry = fc.record({
      employeeId: fc.constantFrom('a', 'b', 'c', 'd', 'e'),
      roleId: fc.constantFrom('server', 'bartender', 'manager'),
      hours: fc.integer({ min: 0, max: 12 }),
    });
    fc.assert(
      fc.property(
        fc.uniqueArray(entry, { minLength: 1, maxLength: 5, selector: (e) => e.employeeId }),
        amount,
        amount,
        fc.constantFrom<TipPoolDay['basis']>('hours', 'points', 'equal'),
        fc.boolean(),
        (entries, card, cash, basis, byRole) => {
          const roles = [
            { roleId: 'server', points: 1, share: byRole ? 2 : undefined },
            { roleId: 'bartender', points: 1.25, share: byRole ? 1 : undefined },
            { roleId: 'manager', sharesTips: false },
          ];
          const result = shareTips(
            [pool({ basis, roles, cardTipsCents: card, cashTipsCents: cash })],
            entries.map((e) => work(e.employeeId, e.roleId, e.hours)),
          );
          const anyone = entries.some((e) => e.roleId !== 'manager' && e.hours > 0);
          if (!anyone && card + cash > 0) {
            expect(result.ok).toBe(false);
            return;
          }
          if (!result.ok) throw new Error(result.error);
          expect(result.lines.reduce((sum, l) => sum + l.ccTip, 0)).toBe(card);
          expect(result.lines.reduce((sum, l) => sum + l.cashTip, 0)).toBe(cash);
          for (const line of result.lines) {
            expect(line.ccTip).toBeGreaterThanOrEqual(0);
            const e = entries.find((x) => x.employeeId === line.employeeId)!;
            if (e.roleId === 'manager' || e.hours === 0) expect(line.ccTip + line.cashTip).toBe(0);
          }
        },
      ),
    );
  });
});
