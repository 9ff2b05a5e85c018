import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../../test/helpers.ts';
import { createKit, type Kit } from '../contacts.test-kit.ts';

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();

describe(`contact statistics (${DB_KIND})`, () => {
  let k: Kit;
  const now = new Date();
  const month = now.getUTCMonth() + 1;
  const otherMonth = (month % 12) + 1;
  const pad = (n: number) => String(n).padStart(2, '0');
  // Another day of this month than today (on the 28th and later, the 1st).
  const laterDay = now.getUTCDate() <= 27 ? 28 : 1;

  beforeAll(async () => {
    k = await createKit();
    const people: Record<string, unknown>[] = [
      { fullName: 'Recent', lastAttendedAt: daysAgo(2) },
      { fullName: 'Two Weeks', lastAttendedAt: daysAgo(10) },
      { fullName: 'Slipping', lastAttendedAt: daysAgo(40) },
      { fullName: 'Former Slipping', lastAttendedAt: daysAgo(45), isFormer: true },
      { fullName: 'Long Gone', lastAttendedAt: daysAgo(200) },
      { fullName: 'Birthday Today', birthday: `2000-${pad(month)}-${pad(now.getUTCDate())}` },
      { fullName: 'Birthday Later', birthday: `1980-${pad(month)}-${pad(laterDay)}` },
      { fullName: 'Birthday Elsewhere', birthday: `1990-${pad(otherMonth)}-01` },
    ];
    for (const p of people) await k.admin.call('POST', '/api/contact/add', p);
  });
  afterAll(() => k.t.close());

  it('contact-statistics: kept counts, new this month and per type', async () => {
    await k.admin.call('POST', '/api/contact/add', {
      fullName: 'Typed Lead',
      contactTypeId: k.org.contactTypeIds.lead,
    });
    const res = await k.admin.call('GET', '/api/contact/contact-statistics');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      total: 12,
      former: 1,
      active: 11,
      pastDue: 0,
      newThisMonth: 12,
      newLastMonth: 0,
    });
    const byType = Object.fromEntries(
      res.body.byType.map((g: { name: string; count: number }) => [g.name, g.count]),
    );
    expect(byType).toEqual({ 'No type': 8, Admin: 1, Employee: 1, Client: 1, Lead: 1 });
  });

  it('retention-statistics: non-overlapping recency buckets and the members at risk', async () => {
    const res = await k.admin.call('GET', '/api/contact/retention-statistics');
    expect(res.status).toBe(200);
    const { atRisk, ...buckets } = res.body;
    expect(buckets).toEqual({
      attendedLast7Days: 1,
      attended8To30DaysAgo: 1,
      attended31To90DaysAgo: 2,
      attendedEarlier: 1,
      neverAttended: 7,
    });
    expect(atRisk.map((p: { fullName: string }) => p.fullName)).toEqual(['Slipping']);
  });

  it('getBirthdayStatisticsData: a month’s birthdays in day order, with today’s and the age they turn', async () => {
    const res = await k.admin.call('GET', '/api/contact/getBirthdayStatisticsData');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ month, total: 2, today: 1 });
    const names = res.body.list.map((p: { fullName: string }) => p.fullName);
    expect(names).toEqual(
      laterDay === 28 ? ['Birthday Today', 'Birthday Later'] : ['Birthday Later', 'Birthday Today'],
    );
    const today = res.body.list.find((p: { fullName: string }) => p.fullName === 'Birthday Today');
    expect(today.turning).toBe(now.getUTCFullYear() - 2000);
    const other = await k.admin.get('/api/contact/getBirthdayStatisticsData', { month: otherMonth });
    expect(other.body.list.map((p: { fullName: string }) => p.fullName)).toEqual(['Birthday Elsewhere']);
    const bad = await k.admin.get('/api/contact/getBirthdayStatisticsData', { month: 13 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^month: /);
  });

  it('getProgressionStatisticsData: contacts per rank in each progression', async () => {
    const cat = (await k.admin.call('POST', '/api/rank-category/add', { name: 'Judo' })).body.data._id;
    const empty = (await k.admin.call('POST', '/api/rank-category/add', { name: 'Empty' })).body.data._id;
    const white = (await k.admin.call('POST', '/api/client-ranks/add', { categoryId: cat, name: 'White' }))
      .body.data._id;
    const black = (await k.admin.call('POST', '/api/client-ranks/add', { categoryId: cat, name: 'Black' }))
      .body.data._id;
    for (const rankId of [white, white, black])
      await k.admin.call('POST', '/api/contact/add', { fullName: 'Judoka', rankId });
    const gone = (await k.admin.call('POST', '/api/contact/add', { fullName: 'Gone Judoka', rankId: black }))
      .body.data._id;
    await k.admin.call('DELETE', '/api/contact/delete', { source: 'test', ids: [gone] });
    const res = await k.admin.call('GET', '/api/contact/getProgressionStatisticsData');
    expect(res.status).toBe(200);
    expect(res.body.list).toEqual([
      {
        categoryId: cat,
        categoryName: 'Judo',
        total: 3,
        ranks: [
          expect.objectContaining({ _id: white, rankName: 'White', count: 2 }),
          expect.objectContaining({ _id: black, rankName: 'Black', count: 1 }),
        ],
      },
      { categoryId: empty, categoryName: 'Empty', total: 0, ranks: [] },
    ]);
    const one = await k.admin.get('/api/contact/getProgressionStatisticsData', { categoryId: empty });
    expect(one.body.list).toHaveLength(1);
  });

  it('another organisation sees only its own numbers', async () => {
    const res = await k.intruder.call('GET', '/api/contact/contact-statistics');
    expect(res.body).toMatchObject({ total: 1, newThisMonth: 1 });
    const birthdays = await k.intruder.call('GET', '/api/contact/getBirthdayStatisticsData');
    expect(birthdays.body.total).toBe(0);
    expect((await k.intruder.call('GET', '/api/contact/getProgressionStatisticsData')).body.list).toEqual([]);
  });
});
