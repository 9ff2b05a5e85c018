import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND, REAL_DATABASE_URL } from '../../../../test/helpers.ts';
import { createTipsKit, ok, seedPools, type TipsKit, tips, work } from './tips.test-kit.ts';

// On a real PostgreSQL server (PGlite runs one transaction at a time): daily tips typed while the
// period's payroll runs. Each edit either lands before the run and is paid, or is refused as paid.

describe.skipIf(!REAL_DATABASE_URL)(`tips races (${DB_KIND})`, () => {
  let k: TipsKit;
  let patio: string;
  const days = ['2025-06-02', '2025-06-03', '2025-06-04', '2025-06-05', '2025-06-06'];
  beforeAll(async () => {
    k = await createTipsKit();
    patio = (await seedPools(k)).loc.Patio!;
    await ok(
      k.admin.call('PUT', `/api/employee-salary/${k.e[0]}`, {
        wageType: 'hourly',
        rateCents: 1500,
        effectiveFrom: '2025-01-01',
      }),
    );
    for (const day of days) await work(k, k.e[0]!, day, '08:00', '10:00');
  });
  afterAll(() => k.t.close());

  it('a run and twenty daily-tips edits at once: what was accepted is exactly what was paid', async () => {
    const edits = Array.from(
      { length: 20 },
      (_, i) => () => tips(k, patio, days[i % days.length]!, 100 + i, 7),
    );
    const answers = await Promise.all([
      ...edits.slice(0, 10).map((e) => e()),
      k.admin.call('POST', '/api/payroll/run', { periodStart: '2025-06-01' }),
      ...edits.slice(10).map((e) => e()),
    ]);
    for (const a of answers) expect([200, 409]).toContain(a.status);
    const run = answers[10]!;
    expect(run.status).toBe(200);
    const [typed] = await k.query<{ card: number }>(
      `select coalesce(sum(card_tips_cents), 0)::int as card from daily_tips
        where location_id = $1 and day between '2025-06-01' and '2025-06-07'`,
      [patio],
    );
    const [stored] = await k.query<{ card: number }>(
      `select coalesce(sum(card_tips_cents), 0)::int as card from tip_share_paid
        where run_id = $1 and contact_id is null`,
      [run.body.data._id],
    );
    // e0 is the only one who worked: the whole Patio pool is theirs.
    const line = run.body.data.lines.find((l: { contactId: string }) => l.contactId === k.e[0]);
    expect(stored!.card).toBe(typed!.card);
    expect(line.cardTipsCents).toBe(typed!.card);
    expect((await tips(k, patio, '2025-06-03', 1, 1)).status).toBe(409);
  });
});
