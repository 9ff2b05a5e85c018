import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../test/helpers.ts';
import { createKit, type Kit } from '../contacts/contacts.test-kit.ts';

// A week of June 2025: Sunday the 1st to Saturday the 7th.
const WEEK = '?startOfWeek=2025-06-01&endOfWeek=2025-06-07';

describe(`contact/update-shifts (${DB_KIND})`, () => {
  let k: Kit;
  let employee: string;
  let client: string;
  beforeAll(async () => {
    k = await createKit();
    employee = k.org.members[k.org.emails.employee!]!.contactId;
    client = k.org.members[k.org.emails.client!]!.contactId;
  });
  afterAll(() => k.t.close());

  const shift = (day: number, from: string, to: string, shiftName = 'Front desk') => ({
    shiftName,
    startDate: `2025-06-0${day}T${from}:00Z`,
    endDate: `2025-06-0${day}T${to}:00Z`,
  });

  it('stores the week as a list, replaces it whole and reads it back', async () => {
    const res = await k.admin.call('PUT', `/api/contact/update-shifts${WEEK}`, {
      contactId: employee,
      shifts: [
        shift(3, '13:00', '17:00', 'Late'),
        { ...shift(2, '09:00', '12:00'), positionIds: [k.org.id] },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Shift updated',
      data: { contactId: employee, startOfWeek: '2025-06-01', endOfWeek: '2025-06-07' },
    });
    expect(res.body.data.shifts).toEqual([
      {
        _id: expect.any(String),
        shiftName: 'Front desk',
        positionIds: [k.org.id],
        startDate: '2025-06-02T09:00:00.000Z',
        endDate: '2025-06-02T12:00:00.000Z',
      },
      {
        _id: expect.any(String),
        shiftName: 'Late',
        positionIds: [],
        startDate: '2025-06-03T13:00:00.000Z',
        endDate: '2025-06-03T17:00:00.000Z',
      },
    ]);
    const kept = res.body.data.shifts[1];
    const replaced = await k.employee.call('PUT', `/api/contact/update-shifts${WEEK}`, {
      contactId: employee,
      shifts: [{ ...kept, shiftName: 'Late close' }],
    });
    expect(replaced.body.data.shifts).toEqual([{ ...kept, shiftName: 'Late close' }]);
    const read = await k.admin.get('/api/contact/shifts', {
      startOfWeek: '2025-06-01',
      endOfWeek: '2025-06-07',
    });
    expect(read.body.list).toEqual([replaced.body.data]);
    const other = await k.admin.get('/api/contact/shifts', {
      startOfWeek: '2025-06-08',
      endOfWeek: '2025-06-14',
    });
    expect(other.body.list).toEqual([]);
    const activity = await k.admin.call('GET', `/api/contact-activity/${employee}`);
    expect(activity.body.list[0]).toMatchObject({ kind: 'contact.shifts', title: 'Shift updated' });
    const cleared = await k.admin.call('PUT', `/api/contact/update-shifts${WEEK}`, {
      contactId: employee,
      shifts: [],
    });
    expect(cleared.body.data.shifts).toEqual([]);
    expect(
      (await k.admin.get('/api/contact/shifts', { startOfWeek: '2025-06-01', endOfWeek: '2025-06-07' })).body
        .list,
    ).toEqual([]);
  });

  it('a week runs Sunday to Saturday in the organisation’s time zone', async () => {
    const tz = await k.admin.call('PUT', '/api/organization/current', { timeZone: 'America/New_York' });
    expect(tz.status).toBe(200);
    // Saturday 22:00 in New York is already Sunday in UTC: it still belongs to this week.
    const late = await k.admin.call('PUT', `/api/contact/update-shifts${WEEK}`, {
      contactId: employee,
      shifts: [{ shiftName: 'Night', startDate: '2025-06-08T02:00:00Z', endDate: '2025-06-08T06:00:00Z' }],
    });
    expect(late.status).toBe(200);
    const early = await k.admin.call('PUT', `/api/contact/update-shifts${WEEK}`, {
      contactId: employee,
      shifts: [{ shiftName: 'Early', startDate: '2025-06-01T02:00:00Z', endDate: '2025-06-01T06:00:00Z' }],
    });
    expect(early.status).toBe(400);
    expect(early.body.error.message).toBe(
      'shifts.0.startDate: must fall within the week 2025-06-01 to 2025-06-07',
    );
    await k.admin.call('PUT', '/api/organization/current', { timeZone: 'UTC' });
    await k.admin.call('PUT', `/api/contact/update-shifts${WEEK}`, { contactId: employee, shifts: [] });
  });

  it('refuses a wrong week, bad shifts and non-employees, writing nothing', async () => {
    const cases: [string, unknown, string][] = [
      ['?startOfWeek=2025-06-02&endOfWeek=2025-06-08', [], 'startOfWeek: A week starts on a Sunday'],
      [
        '?startOfWeek=2025-06-01&endOfWeek=2025-06-08',
        [],
        'endOfWeek: endOfWeek must be the Saturday after startOfWeek',
      ],
      ['?startOfWeek=2025-06-01', [], 'endOfWeek: endOfWeek must be a date (YYYY-MM-DD)'],
      [WEEK, [shift(2, '12:00', '09:00')], 'shifts.0.endDate: A shift must end after it starts'],
      [
        WEEK,
        [shift(2, '09:00', '12:00'), shift(2, '11:00', '13:00', 'Overlap')],
        'shifts: Overlap overlaps Front desk',
      ],
      [WEEK, [{ shiftName: '', startDate: 'x', endDate: 'y' }], 'shifts.0.shiftName: Shift name is required'],
    ];
    for (const [query, shifts, message] of cases) {
      const res = await k.admin.call('PUT', `/api/contact/update-shifts${query}`, {
        contactId: employee,
        shifts,
      });
      expect(res.status, message).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
    const notStaff = await k.admin.call('PUT', `/api/contact/update-shifts${WEEK}`, {
      contactId: client,
      shifts: [shift(2, '09:00', '12:00')],
    });
    expect(notStaff.status).toBe(400);
    expect(notStaff.body.error.message).toBe('contactId: shifts can only be saved for an employee');
    expect(await k.scalar('select count(*)::int as n from contact_shifts')).toBe(0);
  });

  it('another organisation can neither write nor read these shifts', async () => {
    await k.admin.call('PUT', `/api/contact/update-shifts${WEEK}`, {
      contactId: employee,
      shifts: [shift(4, '08:00', '10:00')],
    });
    const write = await k.intruder.call('PUT', `/api/contact/update-shifts${WEEK}`, {
      contactId: employee,
      shifts: [],
    });
    expect(write.status).toBe(404);
    const read = await k.intruder.get('/api/contact/shifts', {
      startOfWeek: '2025-06-01',
      endOfWeek: '2025-06-07',
      contactId: employee,
    });
    expect(read.body.list).toEqual([]);
    expect(await k.scalar('select count(*)::int as n from contact_shifts')).toBe(1);
    expect(
      (await k.client.call('PUT', `/api/contact/update-shifts${WEEK}`, { contactId: employee, shifts: [] }))
        .status,
    ).toBe(403);
  });
});
