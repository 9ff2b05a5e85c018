import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../../test/helpers.ts';
import { seedPayrollDemo } from '../index.ts';
import { createTipsKit, ok, type TipsKit, work } from './tips.test-kit.ts';

describe(`tips demo data (${DB_KIND})`, () => {
  let k: TipsKit;
  beforeAll(async () => {
    k = await createTipsKit();
  });
  afterAll(() => k.t.close());

  it('seeds locations, two pools and daily tips, and the paid run carries the card tips', async () => {
    // Today 2025-06-18: the paid biweekly period is 2025-05-11..24; e0 (a server) works on the 20th.
    await work(k, k.e[0]!, '2025-05-20', '10:00', '13:00');
    await seedPayrollDemo(k.t.database, {
      organizationId: k.orgId,
      timeZone: 'UTC',
      hourly: [k.e[0]!],
      perClass: [],
      salaried: [],
      today: '2025-06-18',
    });
    const pools = await ok<{ list: Array<{ name: string }>; total: number }>(
      k.admin.get('/api/tip-management/pools'),
    );
    expect(pools.list.map((p) => p.name)).toEqual(['Smoothie bar', 'Front desk tips']);
    const days = await ok<{ list: unknown[] }>(
      k.admin.get('/api/tip-management/daily-tips?startDate=2025-05-11&endDate=2025-06-17'),
    );
    // Only the day someone worked has tips, one row per location.
    expect(days.list).toHaveLength(2);
    const history = await ok<{ list: Array<{ _id: string }> }>(k.admin.get('/api/payroll/history'));
    const run = await ok<{ lines: Array<{ contactId: string; cardTipsCents: number; note: string }> }>(
      k.admin.get(`/api/payroll/report/${history.list[0]!._id}`),
    );
    // 3 h in both pools, both with tips: the older pool (Front desk) alone has e0, who takes the
    // day's card tips there: 2000 + (9 * 737) % 3000 = 2633, nine days after the paid period starts.
    expect(run.lines.find((l) => l.contactId === k.e[0])).toMatchObject({ cardTipsCents: 2633 });
    const share = await ok<{ pools: Array<{ name: string; days: Array<{ paid: boolean }> }> }>(
      k.admin.get('/api/tip-share?startDate=2025-05-20&endDate=2025-05-20'),
    );
    const desk = share.pools.find((p) => p.name === 'Front desk tips')!;
    expect(desk.days).toEqual([expect.objectContaining({ paid: true, people: 1, cardTipsCents: 2633 })]);
  });
});
