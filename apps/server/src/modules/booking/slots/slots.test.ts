import { addDaysToIsoDate } from '@opsuite/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../../test/helpers.ts';
import { createKit, createSlot, createType, type Kit, middayZone, todayIn } from '../booking.test-kit.ts';

// The organisation's day, in a zone where it is midday now: a class from 00:00 to 23:59 "today"
// holds the present moment at any hour in UTC.
const zone = middayZone();
const today = () => todayIn(zone);
const countSlots = (kit: Kit, scheduleId: string) =>
  kit.scalar('select count(*)::int as n from booking_slots where schedule_id = $1 and deleted_at is null', [
    scheduleId,
  ]);

describe(`class schedules and slots (${DB_KIND})`, () => {
  let kit: Kit;
  let typeId: string;
  beforeAll(async () => {
    kit = await createKit({ timeZone: zone });
    typeId = (await createType(kit.admin, { title: 'Open Mat', color: 'Basil' }))._id;
  });
  afterAll(() => kit.t.close());

  it('a weekly schedule generates its slots once, however often ranges are read', async () => {
    const from = today();
    const made = await kit.admin.call('POST', '/api/class-schedule', {
      bookingTypeId: typeId,
      daysOfWeek: [1, 3, 5],
      startTime: '18:00',
      endTime: '19:30',
      capacity: 12,
      fromDate: from,
    });
    expect(made.status).toBe(200);
    expect(made.body.message).toBe('Schedule created');
    const id = made.body.data._id;
    // Four weeks ahead: 12 or 13 Mondays, Wednesdays and Fridays depending on today.
    expect(made.body.data.slotsCreated).toBeGreaterThanOrEqual(12);
    expect(made.body.data.generatedUntil).toBe(addDaysToIsoDate(from, 28));
    const first = await countSlots(kit, id);
    expect(first).toBe(made.body.data.slotsCreated);

    // Reading further ahead extends it; reading again changes nothing.
    const end = addDaysToIsoDate(from, 60);
    const read = await kit.client.get('/api/booking-slot', { startDate: from, endDate: end });
    expect(read.status).toBe(200);
    const extended = await countSlots(kit, id);
    expect(extended).toBeGreaterThan(first);
    await kit.admin.get('/api/booking-slot', { startDate: from, endDate: end });
    expect(await countSlots(kit, id)).toBe(extended);
    const slot = read.body.list.find((s: { scheduleId: string }) => s.scheduleId === id);
    expect(slot).toMatchObject({
      startTime: '18:00',
      endTime: '19:30',
      capacity: 12,
      bookedCount: 0,
      remaining: 12,
      attendedSlots: 0,
      type: 'class',
      color: 'Basil',
      colorHex: '#0B8043',
      bookingType: { _id: typeId, title: 'Open Mat', program: { name: 'BJJ' } },
    });
    expect([1, 3, 5]).toContain(new Date(`${slot.date}T00:00:00Z`).getUTCDay());
  });

  it('changing a schedule moves its untouched future slots; booked ones keep their time', async () => {
    const from = addDaysToIsoDate(today(), 1);
    const made = await kit.admin.call('POST', '/api/class-schedule', {
      bookingTypeId: typeId,
      daysOfWeek: [0, 1, 2, 3, 4, 5, 6],
      startTime: '07:00',
      endTime: '08:00',
      fromDate: from,
      untilDate: addDaysToIsoDate(from, 6),
    });
    const id = made.body.data._id;
    expect(made.body.data.slotsCreated).toBe(7);
    const list = await kit.admin.get('/api/booking-slot', {
      startDate: from,
      endDate: addDaysToIsoDate(from, 6),
    });
    const mine = list.body.list.filter((s: { scheduleId: string }) => s.scheduleId === id);
    const booked = await kit.admin.call('POST', '/api/booking', {
      invitedUser: kit.memberContactId,
      bookingSlot: mine[0]._id,
    });
    expect(booked.status).toBe(200);
    const changed = await kit.admin.call('PUT', `/api/class-schedule/${id}`, {
      startTime: '07:30',
      endTime: '08:30',
    });
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe('Schedule updated');
    const after = await kit.admin.get('/api/booking-slot', {
      startDate: from,
      endDate: addDaysToIsoDate(from, 6),
    });
    const times = after.body.list
      .filter((s: { scheduleId: string }) => s.scheduleId === id)
      .map((s: { date: string; startTime: string }) => [s.date, s.startTime]);
    expect(times).toHaveLength(7);
    expect(times[0]).toEqual([from, '07:00']);
    expect(times.slice(1).every((t: string[]) => t[1] === '07:30')).toBe(true);

    const gone = await kit.admin.call('DELETE', `/api/class-schedule/${id}`);
    expect(gone.body).toEqual({ success: true, message: 'Schedule deleted' });
    // The booked slot stays, as a single slot.
    expect(
      await kit.scalar('select count(*)::int as n from booking_slots where id = $1 and schedule_id is null', [
        mine[0]._id,
      ]),
    ).toBe(1);
    expect(await countSlots(kit, id)).toBe(0);
  });

  it('refuses bad schedules and slots with a 400 naming the field, writing nothing', async () => {
    const before = await kit.scalar('select count(*)::int as n from class_schedules');
    const base = {
      bookingTypeId: typeId,
      daysOfWeek: [1],
      startTime: '10:00',
      endTime: '11:00',
      fromDate: today(),
    };
    for (const [patch, field] of [
      [{ daysOfWeek: [] }, 'daysOfWeek'],
      [{ daysOfWeek: [7] }, 'daysOfWeek'],
      [{ startTime: '25:00' }, 'startTime'],
      [{ endTime: '10:00' }, 'endTime'],
      [{ fromDate: '2026-13-01' }, 'fromDate'],
      [{ untilDate: '2000-01-01' }, 'untilDate'],
      [{ capacity: 0 }, 'capacity'],
      [{ bookingTypeId: 'nope' }, 'bookingTypeId'],
    ] as const) {
      const res = await kit.admin.call('POST', '/api/class-schedule', { ...base, ...patch });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.body.error.message).toContain(field);
    }
    expect(await kit.scalar('select count(*)::int as n from class_schedules')).toBe(before);
    const slots = await kit.scalar('select count(*)::int as n from booking_slots');
    const bad = await kit.admin.call('POST', '/api/booking-slot', {
      bookingTypeId: typeId,
      date: '2030-01-01',
      startTime: '9:00',
      endTime: '10:00',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('startTime');
    const range = await kit.admin.get('/api/booking-slot', {
      startDate: '2030-01-01',
      endDate: '2030-12-31',
    });
    expect(range.status).toBe(400);
    expect(range.body.error.message).toContain('endDate');
    expect(await kit.scalar('select count(*)::int as n from booking_slots')).toBe(slots);
  });

  it('single slots: create, update, refuse a capacity under the bookings, delete with their bookings', async () => {
    const slot = await createSlot(kit.admin, typeId, { capacity: 5 });
    const booked = await kit.admin.call('POST', '/api/booking', {
      invitedUser: kit.memberContactId,
      bookingSlot: slot._id,
    });
    expect(booked.status).toBe(200);
    // An employee taking attendance does not edit the class: time and capacity need the calendar
    // permission, which their default role only reads.
    const coachEdit = await kit.employee.call('PUT', `/api/booking-slot/${slot._id}`, { capacity: 80 });
    expect(coachEdit.status).toBe(403);
    const coachAdd = await kit.employee.call('POST', '/api/booking-slot', {
      bookingTypeId: typeId,
      date: '2030-05-07',
      startTime: '18:00',
      endTime: '19:00',
    });
    expect(coachAdd.status).toBe(403);
    const edit = await kit.admin.call('PUT', `/api/booking-slot/${slot._id}`, {
      capacity: 8,
      startTime: '17:30',
    });
    expect(edit.status).toBe(200);
    expect(edit.body.message).toBe('Slot updated');
    expect(edit.body.data).toMatchObject({ capacity: 8, startTime: '17:30', bookedCount: 1, remaining: 7 });
    const tooSmall = await kit.admin.call('PUT', `/api/booking-slot/${slot._id}`, { capacity: 1 });
    expect(tooSmall.status).toBe(200);
    const none = await kit.admin.call('PUT', `/api/booking-slot/${slot._id}`, { capacity: 0 });
    expect(none.status).toBe(400);
    await kit.admin
      .call('POST', '/api/booking', {
        invitedUser: kit.org.members[kit.org.emails.employee!]!.contactId,
        bookingSlot: slot._id,
      })
      .then((r) => expect(r.status).toBe(409));
    expect((await kit.employee.call('DELETE', `/api/booking-slot/${slot._id}`)).status).toBe(403);
    const gone = await kit.admin.call('DELETE', `/api/booking-slot/${slot._id}`);
    expect(gone.body).toEqual({ success: true, message: 'Slot deleted' });
    expect(
      await kit.scalar('select count(*)::int as n from bookings where slot_id = $1 and not is_deleted', [
        slot._id,
      ]),
    ).toBe(0);
    expect((await kit.admin.call('PUT', `/api/booking-slot/${slot._id}`, { capacity: 3 })).status).toBe(404);
  });

  it('members cannot manage schedules or slots; another organisation gets 404 and changes nothing', async () => {
    const slot = await createSlot(kit.admin, typeId);
    expect(
      (
        await kit.client.call('POST', '/api/booking-slot', {
          bookingTypeId: typeId,
          date: '2030-01-01',
          startTime: '09:00',
          endTime: '10:00',
        })
      ).status,
    ).toBe(403);
    expect((await kit.client.call('PUT', `/api/booking-slot/${slot._id}`, { capacity: 3 })).status).toBe(403);
    expect(
      (
        await kit.client.call('POST', '/api/class-schedule', {
          bookingTypeId: typeId,
          daysOfWeek: [1],
          startTime: '10:00',
          endTime: '11:00',
          fromDate: today(),
        })
      ).status,
    ).toBe(403);
    expect((await kit.intruder.call('PUT', `/api/booking-slot/${slot._id}`, { capacity: 3 })).status).toBe(
      404,
    );
    expect((await kit.intruder.call('DELETE', `/api/booking-slot/${slot._id}`)).status).toBe(404);
    const theirs = await kit.intruder.call('POST', '/api/booking-slot', {
      bookingTypeId: typeId,
      date: '2030-01-01',
      startTime: '09:00',
      endTime: '10:00',
    });
    expect(theirs.status).toBe(404);
    const seen = await kit.intruder.get('/api/booking-slot', {
      startDate: '2030-05-01',
      endDate: '2030-05-31',
    });
    expect(seen.body.list).toEqual([]);
    expect(
      await kit.scalar(
        'select count(*)::int as n from booking_slots where id = $1 and capacity is null and deleted_at is null',
        [slot._id],
      ),
    ).toBe(1);
    expect(
      await kit.scalar('select count(*)::int as n from booking_slots where organization_id = $1', [
        kit.other.id,
      ]),
    ).toBe(0);
  });
});
