import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../test/helpers.ts';
import { createKit, type Kit, WEEK } from './staff.test-kit.ts';

// The schedule grid and the time sheet send a kept answer again while the rows it was built from
// are unchanged (db/fast/answer-cache.ts). Each change a user can make to those rows shows in the
// very next answer; an open session keeps counting; the roster's name order follows renames.

const S = '/api/employee-shifts';
const W = '/api/contact/workhistory';

type Row = { contactId: string; fullName: string };

describe(`kept grid and time sheet answers (${DB_KIND})`, () => {
  let k: Kit;
  beforeAll(async () => {
    k = await createKit();
    await k.admin.call('PUT', '/api/organization/current', { timeZone: 'America/New_York' });
  });
  afterAll(() => k.t.close());

  const grid = async () => {
    const res = await k.admin.get(S, { ...WEEK });
    expect(res.status).toBe(200);
    return res.body;
  };
  const rowOf = (body: { rows: Row[] }, contactId: string) =>
    body.rows.find((r) => r.contactId === contactId) as Row & {
      shifts: { shiftName: string; overTimeOff: boolean }[];
      timeOff: unknown[];
    };

  it('the grid answers again as it was, and each change shows in the next answer', async () => {
    const id = k.employee.contactId;
    const made = await k.admin.call('POST', S, {
      contactId: id,
      shiftName: 'Opening',
      startDate: '2025-06-04T11:00:00Z',
      endDate: '2025-06-04T19:00:00Z',
    });
    expect(made.status).toBe(200);
    const first = await grid();
    expect(await grid()).toEqual(first);
    expect(rowOf(first, id).shifts.map((s) => s.shiftName)).toEqual(['Opening']);

    // A rename in contacts (another module's table) reaches the grid.
    const renamed = await k.admin.call('PUT', `/api/contact/update/${id}`, { fullName: 'Aaron Renamed' });
    expect(renamed.status).toBe(200);
    expect(rowOf(await grid(), id).fullName).toBe('Aaron Renamed');

    // A moved shift, an approved day off over it, a publish.
    const shiftId = made.body.data._id as string;
    await k.admin.call('PUT', `${S}/${shiftId}`, { shiftName: 'Early' });
    expect(rowOf(await grid(), id).shifts.map((s) => s.shiftName)).toEqual(['Early']);
    const asked = await k.employee.call('POST', `${S}/time-off`, {
      startDate: '2025-06-04',
      endDate: '2025-06-04',
      reason: 'Dentist',
    });
    expect(rowOf(await grid(), id).timeOff).toEqual([]); // pending: not on the grid
    await k.admin.call('PUT', `${S}/time-off/${asked.body.data.id}`, { status: 'approved' });
    const off = rowOf(await grid(), id);
    expect(off.timeOff).toHaveLength(1);
    expect(off.shifts[0]!.overTimeOff).toBe(true);
    expect((await grid()).status).toBe('draft');
    await k.admin.call('POST', `${S}/publish`, WEEK);
    expect((await grid()).status).toBe('published');

    // The organisation's zone is part of what was kept: its days move with it.
    await k.admin.call('PUT', '/api/organization/current', { timeZone: 'Asia/Tokyo' });
    expect((rowOf(await grid(), id).shifts[0] as unknown as { day: string }).day).toBe('2025-06-04');
    await k.admin.call('DELETE', `${S}/${shiftId}`);
    expect(rowOf(await grid(), id).shifts).toEqual([]);
    await k.admin.call('PUT', '/api/organization/current', { timeZone: 'America/New_York' });
  });

  it('the time sheet lists the roster by name and follows a rename at once', async () => {
    const names = async () =>
      ((await k.admin.get(`${W}/overview`, { ...WEEK })).body.list as Row[]).map((r) => r.contactId);
    await k.admin.call('PUT', `/api/contact/update/${k.employee.contactId}`, { fullName: 'Zed Last' });
    await k.admin.call('PUT', `/api/contact/update/${k.second.contactId}`, { fullName: 'Abe First' });
    // Both are on the schedule (shifts or sessions make a staff record).
    await k.second.call('POST', `${W}/startwork`, { description: 'Open' });
    const before = await names();
    expect(before.indexOf(k.second.contactId)).toBeLessThan(before.indexOf(k.employee.contactId));
    expect(await names()).toEqual(before);
    await k.admin.call('PUT', `/api/contact/update/${k.second.contactId}`, { fullName: 'Zz Very Last' });
    const after = await names();
    expect(after.indexOf(k.second.contactId)).toBeGreaterThan(after.indexOf(k.employee.contactId));
    const stored = await k.scalar(
      'select count(*)::int as n from staff_members where contact_id = $1 and sort_name = $2',
      [k.second.contactId, 'zz very last'],
    );
    expect(stored).toBe(1);
  });

  it('an open session keeps counting in a time sheet kept unchanged, and its end shows', async () => {
    const week = (await k.second.get(`${W}/current`)).body.week as {
      startOfWeek: string;
      endOfWeek: string;
    };
    const mine = async () => {
      const res = await k.second.get(`${W}/overview`, {
        startOfWeek: week.startOfWeek,
        endOfWeek: week.endOfWeek,
      });
      expect(res.status).toBe(200);
      return res.body.list[0] as { contactId: string; totalMs: number; open: boolean };
    };
    const first = await mine();
    expect(first).toMatchObject({ contactId: k.second.contactId, open: true });
    await new Promise((r) => setTimeout(r, 30));
    const later = await mine();
    expect(later.totalMs).toBeGreaterThan(first.totalMs);
    const running = (await k.admin.get(`${W}/running`)).body.list as {
      historyId: string;
      contactId: string;
    }[];
    const session = running.find((r) => r.contactId === k.second.contactId)!;
    await k.second.call('POST', `${W}/endwork`, { historyId: session.historyId });
    const ended = await mine();
    expect(ended.open).toBe(false);
    await new Promise((r) => setTimeout(r, 30));
    expect((await mine()).totalMs).toBe(ended.totalMs);
  });
});
