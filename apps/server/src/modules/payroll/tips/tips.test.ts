import { TIPS_TEXT } from '@opsuite/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../../test/helpers.ts';
import { registerTipsPosSource } from '../index.ts';
import { centsOf, createTipsKit, ok, seedPools, share, type TipsKit, tips, work } from './tips.test-kit.ts';

// The tip share through the routes (pools from seedPools). Days of June 2025 (UTC); the pay period is
// the week of Sunday 2025-06-01.

describe(`tips (${DB_KIND})`, () => {
  let k: TipsKit;
  let loc: Record<string, string>;
  let pool: Record<string, string>;
  beforeAll(async () => {
    k = await createTipsKit();
    ({ loc, pool } = await seedPools(k));
  });
  afterAll(() => k.t.close());

  it('splits by hours in the day-shift windows exactly to the cent; managers get nothing; leftovers by remainder', async () => {
    const [e0, e1, , e3, e4] = k.e;
    // Counted inside Lunch/Dinner (11:00-23:00): e0 3 h, e1 4 h, e3 2 h; the manager worked all day.
    await work(k, e0!, '2025-06-02', '09:00', '14:00');
    await work(k, e1!, '2025-06-02', '11:00', '15:00');
    await work(k, e3!, '2025-06-02', '11:00', '13:00');
    await work(k, e4!, '2025-06-02', '09:00', '18:00');
    expect((await tips(k, loc['Dining room']!, '2025-06-02', 1000, 101)).body.message).toBe(
      TIPS_TEXT.dailyTipsSaved,
    );
    const got = await share(k, '2025-06-02', '2025-06-02', pool.dining);
    const dining = got.pools[0]!;
    // 1000 by 3:4:2 is 333.33, 444.44, 222.22: the leftover cent goes to the largest remainder
    // (e1), not the first; cash 101 is 33.67, 44.89, 22.44: two cents to e1 then e0.
    expect(centsOf(dining)).toEqual({ [e0!]: [333, 34], [e1!]: [445, 45], [e3!]: [222, 22] });
    expect(dining.employees.reduce((s, x) => s + x.ccTip, 0)).toBe(dining.cardTipsCents);
    expect(dining.employees.reduce((s, x) => s + x.cashTip, 0)).toBe(dining.cashTipsCents);
    const first = dining.employees.find((x) => x._id === e0)!;
    expect(first).toMatchObject({ workedHours: 3, totalAmount: 367, cashTipOwed: 34 });
    expect(got.employees.map((x) => x._id)).not.toContain(e4);
  });

  it('redistributes the part of a role that did not work that day', async () => {
    const [e0, e1, , e3] = k.e;
    // Patio (equal, servers 70 / bussers 30): no busser on the 3rd, so servers share all of it.
    await work(k, e0!, '2025-06-03', '08:00', '10:00');
    await work(k, e1!, '2025-06-03', '08:00', '10:00');
    await tips(k, loc.Patio!, '2025-06-03', 1001, 0);
    expect(centsOf((await share(k, '2025-06-03', '2025-06-03', pool.patio)).pools[0])).toEqual({
      [e0!]: [501, 0],
      [e1!]: [500, 0],
    });
    await work(k, e0!, '2025-06-06', '08:00', '10:00');
    await work(k, e3!, '2025-06-06', '08:00', '10:00');
    await tips(k, loc.Patio!, '2025-06-06', 1000, 0);
    expect(centsOf((await share(k, '2025-06-06', '2025-06-06', pool.patio)).pools[0])).toEqual({
      [e0!]: [700, 0],
      [e3!]: [300, 0],
    });
  });

  it('counts an employee in two pools once: the longer time wins, a tie goes to the older pool', async () => {
    const [e0, , e2, , , e5] = k.e;
    // e5 (bartender and server): 10 h for Bar (all day) against 7 h of Dining's windows.
    await work(k, e5!, '2025-06-04', '08:00', '18:00');
    await work(k, e2!, '2025-06-04', '08:00', '12:00');
    await work(k, e0!, '2025-06-04', '12:00', '14:00');
    await tips(k, loc.Bar!, '2025-06-04', 300, 0);
    await tips(k, loc['Dining room']!, '2025-06-04', 500, 0);
    const day = await share(k, '2025-06-04');
    const byPool = Object.fromEntries(day.pools.map((p) => [p.poolId, centsOf(p)]));
    // Bar by points: bartenders 2 each (e5 shares as a bartender, the first of its staff positions).
    expect(byPool[pool.bar!]).toEqual({ [e5!]: [150, 0], [e2!]: [150, 0] });
    expect(byPool[pool.dining!]).toEqual({ [e0!]: [500, 0] });
    expect(day.employees.filter((x) => x._id === e5)).toHaveLength(1);
    // 3 h inside both: Dining is the older pool.
    await work(k, e5!, '2025-06-05', '12:00', '15:00');
    await tips(k, loc['Dining room']!, '2025-06-05', 99, 0);
    await tips(k, loc.Bar!, '2025-06-05', 50, 0);
    const tie = await share(k, '2025-06-05');
    const dining = tie.pools.find((p) => p.poolId === pool.dining);
    expect(centsOf(dining)).toEqual({ [e5!]: [99, 0] });
    const bar = tie.pools.find((p) => p.poolId === pool.bar)!;
    expect(bar.employees).toEqual([]);
    expect(tie.totals).toMatchObject({ cardTipsCents: 149, unsharedCardCents: 50 });
  });

  it('puts card tips in pending payroll; a paid period keeps its share when the rules change', async () => {
    const [e0, e1] = k.e;
    await ok(
      k.admin.call('PUT', `/api/employee-salary/${e0}`, {
        wageType: 'hourly',
        rateCents: 2000,
        effectiveFrom: '2025-01-01',
      }),
    );
    const before = await share(k, '2025-06-01', '2025-06-07');
    const expected = before.employees.find((x) => x._id === e0)!.ccTip;
    expect(expected).toBe(333 + 501 + 700 + 500);
    const pending = await ok<{ lines: Array<Record<string, unknown>> }>(
      k.admin.get('/api/payroll/pending?periodStart=2025-06-01'),
    );
    const line = pending.lines.find((l) => l.contactId === e0)!;
    expect(line).toMatchObject({ cardTipsCents: expected, netCents: (line.grossCents as number) + expected });
    expect(line.note).toMatch(/card tips from the tip share 20\.34/);
    // e1 has tips and no salary: a line for the tips alone.
    expect(pending.lines.find((l) => l.contactId === e1)).toMatchObject({
      wageType: 'none',
      grossCents: 0,
      cardTipsCents: 445 + 500,
    });
    expect((await k.admin.call('POST', '/api/payroll/run', { periodStart: '2025-06-01' })).status).toBe(200);
    // Patio's rule changes after the run: the paid 6th keeps 700/300, the open 9th uses 50/50.
    await ok(
      k.admin.call('PUT', `/api/tip-management/pools/${pool.patio}`, {
        name: 'Patio',
        basis: 'equal',
        locationIds: [loc.Patio],
        roles: [
          { roleId: k.pos.server, share: 50 },
          { roleId: k.pos.busser, share: 50 },
        ],
      }),
    );
    const paid = (await share(k, '2025-06-06', '2025-06-06', pool.patio)).pools[0]!;
    expect(centsOf(paid)).toEqual({ [e0!]: [700, 0], [k.e[3]!]: [300, 0] });
    expect(paid.days[0]).toMatchObject({ paid: true, people: 2 });
    const refused = await tips(k, loc.Patio!, '2025-06-06', 1, 0);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(TIPS_TEXT.paidPeriod);
    await work(k, e0!, '2025-06-09', '08:00', '10:00');
    await work(k, k.e[3]!, '2025-06-09', '08:00', '10:00');
    await tips(k, loc.Patio!, '2025-06-09', 1000, 0);
    expect(centsOf((await share(k, '2025-06-09', '2025-06-09', pool.patio)).pools[0])).toEqual({
      [e0!]: [500, 0],
      [k.e[3]!]: [500, 0],
    });
  });

  it('syncs card tips from the POS source, or answers the spec message when it cannot', async () => {
    const same = await k.admin.call('POST', '/api/tip-share/sync', {
      startDate: '2025-06-08',
      endDate: '2025-06-14',
    });
    expect(same.body).toMatchObject({ message: TIPS_TEXT.synced, data: { changed: 0 } });
    // A POS registered on this test's app; the app goes with the test.
    registerTipsPosSource(k.t.app, {
      cardTips: async () => [
        { locationId: loc.Patio!, day: '2025-06-09', cardTipsCents: 1200 },
        { locationId: loc.Patio!, day: '2025-06-06', cardTipsCents: 5 },
      ],
    });
    const synced = await k.admin.call('POST', '/api/tip-share/sync', {
      startDate: '2025-06-01',
      endDate: '2025-06-14',
    });
    expect(synced.body).toMatchObject({ message: TIPS_TEXT.synced, data: { changed: 1, skippedPaid: 1 } });
    const day = await ok<{ list: Array<Record<string, unknown>> }>(
      k.admin.get(
        `/api/tip-management/daily-tips?startDate=2025-06-09&endDate=2025-06-09&locationId=${loc.Patio}`,
      ),
    );
    expect(day.list[0]).toMatchObject({ cardTipsCents: 1200, source: 'pos', paid: false });
    registerTipsPosSource(k.t.app, {
      cardTips: async () => {
        throw new Error('POS offline');
      },
    });
    const failed = await k.admin.call('POST', '/api/tip-share/sync', {
      startDate: '2025-06-08',
      endDate: '2025-06-14',
    });
    expect(failed.status).toBe(500);
    expect(failed.body.error.message).toBe(TIPS_TEXT.unableToSync);
  });

  it("takes the role from the worked shift's position, and a role setting turns a manager into a sharer", async () => {
    const [, , e2, , e4, e5] = k.e;
    // e5 is a bartender and a server on the staff record; the shift worked on the 10th says Server.
    const shift = await ok(
      k.admin.call('POST', '/api/employee-shifts', {
        contactId: e5,
        shiftName: 'Floor',
        positionIds: [k.pos.server],
        startDate: '2025-06-10T08:00:00.000Z',
        endDate: '2025-06-10T12:00:00.000Z',
      }),
    );
    await work(k, e5!, '2025-06-10', '08:00', '12:00');
    await work(k, e2!, '2025-06-10', '08:00', '12:00');
    // Test fixture: staff links a session to its shift when the employee clocks in from it.
    await k.query(
      `update work_histories set shift_id = $1 where contact_id = $2 and start_at = '2025-06-10T08:00:00Z'`,
      [shift.data._id, e5],
    );
    await tips(k, loc.Bar!, '2025-06-10', 300, 0);
    // Bar by points: bartender 2, server 1.
    expect(centsOf((await share(k, '2025-06-10', '2025-06-10', pool.bar)).pools[0])).toEqual({
      [e2!]: [200, 0],
      [e5!]: [100, 0],
    });
    // The floor manager worked in Dining's window; once the role shares tips, they take a part.
    await work(k, e4!, '2025-06-11', '12:00', '14:00');
    await work(k, k.e[0]!, '2025-06-11', '12:00', '14:00');
    await tips(k, loc['Dining room']!, '2025-06-11', 1000, 0);
    expect(centsOf((await share(k, '2025-06-11', '2025-06-11', pool.dining)).pools[0])).toEqual({
      [k.e[0]!]: [1000, 0],
    });
    const set = await k.admin.call('PUT', `/api/tip-management/roles/${k.pos.manager}`, { sharesTips: true });
    expect(set.body).toMatchObject({
      message: TIPS_TEXT.roleSaved,
      data: { sharesTips: true, isDefault: false },
    });
    expect(centsOf((await share(k, '2025-06-11', '2025-06-11', pool.dining)).pools[0])).toEqual({
      [k.e[0]!]: [500, 0],
      [e4!]: [500, 0],
    });
    await ok(k.admin.call('PUT', `/api/tip-management/roles/${k.pos.manager}`, { sharesTips: false }));
    expect(
      (await k.intruder.call('PUT', `/api/tip-management/roles/${k.pos.manager}`, { sharesTips: true }))
        .status,
    ).toBe(404);
  });
});
