import { addDaysToIsoDate, isoDateInZone, zonedWeek } from '@opsuite/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestClient } from '../../../test/client.ts';
import { createTestApp, DB_KIND, seedTenant, signIn, type TestApp } from '../../../test/helpers.ts';
import { seedStaffDemo } from './index.ts';

// The demo's staff data, seeded on a test database and read back through the API as the admin
// and Chris Coach would see it.

const TZ = 'America/New_York';

describe(`demo staff data (${DB_KIND})`, () => {
  let t: TestApp;
  let emails: Record<string, string>;
  const week = zonedWeek(isoDateInZone(Date.now(), TZ), TZ);
  const qs = (start: string) => `startOfWeek=${start}&endOfWeek=${addDaysToIsoDate(start, 6)}`;

  beforeAll(async () => {
    t = await createTestApp(undefined, { IMPORT_WORKER: '0' });
    const org = await seedTenant(t, ['admin', 'primary', 'employee', 'client'], 'Demo');
    emails = org.emails;
    const m = (role: string) => org.members[org.emails[role]!]!;
    const admin = requestClient(t, (await signIn(t, m('admin').email)).headers);
    expect((await admin.call('PUT', '/api/organization/current', { timeZone: TZ })).status).toBe(200);
    await seedStaffDemo(t.database, {
      organizationId: org.id,
      timeZone: TZ,
      password: 'password123',
      employeeTypeId: org.contactTypeIds.employee,
      coach: m('employee'),
      admin: m('admin'),
      owner: m('primary'),
    });
  });
  afterAll(() => t.close());

  it('the admin sees this week published for six employees, with categories, positions and a budget', async () => {
    const admin = requestClient(t, (await signIn(t, emails.admin!)).headers);
    const grid = (await admin.get(`/api/employee-shifts?${qs(week.startOfWeek)}`)).body;
    expect(grid).toMatchObject({ status: 'published', unpublishedChanges: 0 });
    const rows = grid.rows as { fullName: string; shifts: { state: string; shiftName: string }[] }[];
    expect(rows.map((r) => r.fullName)).toEqual(
      expect.arrayContaining(['Dana Diaz', 'Eli Evans', 'Fran Fox']),
    );
    expect(rows).toHaveLength(6);
    const shifts = rows.flatMap((r) => r.shifts);
    expect(shifts).toHaveLength(5 + 1 + 3 + 5 + 5 + 3);
    expect(shifts.every((s) => s.state === 'published')).toBe(true);
    const next = (await admin.get(`/api/employee-shifts?${qs(addDaysToIsoDate(week.startOfWeek, 7))}`)).body;
    // Next week stays a draft unless Dana had no shift left this week to offer in the pool.
    const dana = rows.find((r) => r.fullName === 'Dana Diaz')!.shifts as unknown as { startDate: string }[];
    const danaLater = dana.some((s) => Date.parse(s.startDate) > Date.now() + 3_600_000);
    expect(next.status).toBe(danaLater ? 'draft' : 'published');
    const drafts = (next.rows as { shifts: { state: string }[] }[]).flatMap((r) => r.shifts);
    expect(drafts.length).toBeGreaterThanOrEqual(shifts.length);
    expect(drafts.every((s) => s.state === (danaLater ? 'draft' : 'published'))).toBe(true);

    const positions = (await admin.get('/api/contact-position')).body.list as { name: string }[];
    expect(positions.map((p) => p.name).sort()).toEqual(['Coach', 'Manager', 'Reception']);
    const categories = (await admin.get('/api/employee-categories')).body.list as { name: string }[];
    expect(categories.map((c) => c.name)).toEqual(['Front desk', 'Coaching']);
    const budget = (await admin.get(`/api/employee-budgets?${qs(week.startOfWeek)}`)).body;
    expect(JSON.stringify(budget)).toContain('240000');
  });

  it('last week has clocked work with lunch breaks, a late clock-in and a missed shift', async () => {
    const admin = requestClient(t, (await signIn(t, emails.admin!)).headers);
    const last = addDaysToIsoDate(week.startOfWeek, -7);
    const list = (await admin.get(`/api/contact/workhistory/list?${qs(last)}`)).body.list as {
      breakTimes: { description: string | null }[];
      manual: boolean;
    }[];
    expect(list).toHaveLength(5 + 1 + 3 + 5 + 5 + 2);
    expect(list.some((w) => w.breakTimes.some((b) => b.description === 'Lunch'))).toBe(true);
    expect(list.every((w) => !w.manual)).toBe(true);
    const attendance = JSON.stringify((await admin.get(`/api/employee-attendance?${qs(last)}`)).body);
    expect(attendance).toContain('"late"');
    expect(attendance).toContain('"absent"');
  });

  it('Chris Coach sees his published week, his pending time off and his bid in the pool', async () => {
    const coach = requestClient(t, (await signIn(t, emails.employee!)).headers);
    const mine = (await coach.get(`/api/employee-shifts/mine?${qs(week.startOfWeek)}`)).body;
    expect(JSON.stringify(mine)).toContain('Evening classes');
    const timeOff = (await coach.get('/api/employee-shifts/time-off')).body.list as { status: string }[];
    expect(timeOff).toEqual([expect.objectContaining({ status: 'pending' })]);
    const pool = (await coach.get('/api/employee-shifts/pool')).body.list as {
      shiftName?: string;
      bids?: unknown[];
    }[];
    expect(pool).toHaveLength(1);
    expect(JSON.stringify(pool[0])).toContain('Front desk AM');
    expect(JSON.stringify(pool[0])).toContain('Dana Diaz');
  });
});
