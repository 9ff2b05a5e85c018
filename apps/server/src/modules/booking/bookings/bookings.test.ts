import { formatInstantAt } from '@opsuite/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../../test/helpers.ts';
import { createKit, createSlot, createType, type Kit } from '../booking.test-kit.ts';

const slotCounts = async (kit: Kit, id: string) =>
  (
    await kit.sqlRows<{ booked_count: number; attended_slots: number }>(
      'select booked_count, attended_slots from booking_slots where id = $1',
      [id],
    )
  )[0];

describe(`appointments and class bookings (${DB_KIND})`, () => {
  let kit: Kit;
  let typeId: string;
  let apptTypeId: string;
  let staffContact: string;
  beforeAll(async () => {
    kit = await createKit();
    typeId = (await createType(kit.admin, { title: 'Muay Thai', color: 'Tangerine' }))._id;
    apptTypeId = (await createType(kit.admin, { title: 'Private lesson', kind: 'other' }))._id;
    staffContact = kit.org.members[kit.org.emails.employee!]!.contactId;
  });
  afterAll(() => kit.t.close());

  it('a class booking: created, updated to completed, rescheduled, deleted, with the counts kept', async () => {
    const a = await createSlot(kit.admin, typeId, { capacity: 10 });
    const b = await createSlot(kit.admin, typeId, { capacity: 10, startTime: '19:00', endTime: '20:00' });
    const made = await kit.admin.call('POST', '/api/booking', {
      invitedUser: kit.memberContactId,
      bookingSlot: a._id,
    });
    expect(made.status).toBe(200);
    expect(made.body.message).toBe('Booking created');
    expect(made.body.data).toMatchObject({
      invitedUser: kit.memberContactId,
      bookingSlot: a._id,
      bookingType: typeId,
      status: 'booked',
      type: 'class',
      isDeleted: false,
      attendDate: null,
      startDate: a.startsAt,
      bookingTypeTitle: 'Muay Thai',
      color: 'Tangerine',
      slot: { date: '2030-05-06', startTime: '18:00', endTime: '19:00' },
      source: 'admin',
    });
    expect(made.body.data.contact.fullName).toContain('client');
    const id = made.body.data._id;
    // The member's timeline says when, the way the calendar shows it.
    const [entry] = await kit.sqlRows<{ title: string }>(
      `select title from contact_activities where data->>'bookingId' = $1 and kind = 'booking'`,
      [id],
    );
    expect(entry?.title).toBe('Booked Muay Thai on Mon, May 6 at 06:00 PM');
    expect(await slotCounts(kit, a._id)).toEqual({ booked_count: 1, attended_slots: 0 });

    const moved = await kit.admin.call('PUT', `/api/booking/${id}/reschedule`, { bookingSlot: b._id });
    expect(moved.status).toBe(200);
    expect(moved.body.message).toBe('Appointment rescheduled');
    expect(moved.body.data).toMatchObject({ bookingSlot: b._id, startDate: b.startsAt });
    expect(await slotCounts(kit, a._id)).toEqual({ booked_count: 0, attended_slots: 0 });
    expect(await slotCounts(kit, b._id)).toEqual({ booked_count: 1, attended_slots: 0 });

    const done = await kit.employee.call('PUT', `/api/booking/${id}`, { status: 'completed' });
    expect(done.body.message).toBe('Booking updated');
    expect(done.body.data.status).toBe('completed');
    expect(Date.now() - Date.parse(done.body.data.attendDate)).toBeLessThan(60_000);
    expect(await slotCounts(kit, b._id)).toEqual({ booked_count: 1, attended_slots: 1 });
    expect(
      (await kit.admin.call('PUT', `/api/booking/${id}/reschedule`, { bookingSlot: a._id })).status,
    ).toBe(409);

    const gone = await kit.admin.call('DELETE', `/api/booking/${id}`);
    expect(gone.body).toEqual({ success: true, message: 'Booking deleted' });
    expect(
      await kit.scalar('select count(*)::int as n from bookings where id = $1 and is_deleted', [id]),
    ).toBe(1);
    expect(await slotCounts(kit, b._id)).toEqual({ booked_count: 0, attended_slots: 0 });
    expect((await kit.admin.get(`/api/booking/${id}`)).body.data.isDeleted).toBe(true);
    expect((await kit.admin.call('PUT', `/api/booking/${id}`, { status: 'booked' })).status).toBe(404);
    const activity = await kit.scalar(
      `select count(*)::int as n from contact_activities where contact_id = $1 and kind = 'booking'`,
      [kit.memberContactId],
    );
    expect(activity).toBeGreaterThanOrEqual(1);
  });

  it('an appointment without a slot: booked, updated, rescheduled to new times, deleted', async () => {
    const made = await kit.admin.call('POST', '/api/booking', {
      invitedUser: kit.memberContactId,
      bookingType: apptTypeId,
      startDate: '2030-06-01T15:00:00Z',
      endDate: '2030-06-01T16:00:00Z',
      notes: 'Guard passing',
    });
    expect(made.status).toBe(200);
    expect(made.body.message).toBe('Appointment booked!');
    expect(made.body.data).toMatchObject({
      type: 'other',
      bookingSlot: null,
      notes: 'Guard passing',
      slot: null,
    });
    const id = made.body.data._id;
    // Its time on the timeline is on the organisation's clock, not UTC's.
    const [{ title, zone } = { title: '', zone: '' }] = await kit.sqlRows<{ title: string; zone: string }>(
      `select a.title, o.time_zone as zone from contact_activities a join organizations o on o.id = a.organization_id
       where a.data->>'bookingId' = $1`,
      [id],
    );
    expect(title).toBe(`Booked Private lesson on ${formatInstantAt('2030-06-01T15:00:00Z', zone)}`);
    expect(title).toMatch(/^Booked Private lesson on \w{3}, Jun 1 at \d\d:\d\d [AP]M$/);
    const upd = await kit.admin.call('PUT', `/api/booking/${id}`, { notes: 'Back takes' });
    expect(upd.body.message).toBe('Appointment updated');
    const moved = await kit.admin.call('PUT', `/api/booking/${id}/reschedule`, {
      startDate: '2030-06-02T15:00:00Z',
      endDate: '2030-06-02T16:30:00Z',
    });
    expect(moved.body.message).toBe('Appointment rescheduled');
    expect(moved.body.data).toMatchObject({
      startDate: '2030-06-02T15:00:00.000Z',
      endDate: '2030-06-02T16:30:00.000Z',
    });
    const list = await kit.admin.get('/api/booking', {
      startDate: '2030-06-02',
      endDate: '2030-06-02',
      type: 'other',
    });
    expect(list.body.list.map((b: { _id: string }) => b._id)).toEqual([id]);
    expect(list.body.pagination).toEqual({ page: 0, perPage: 50, total: 1 });
    const gone = await kit.admin.call('DELETE', `/api/booking/${id}`);
    expect(gone.body.message).toBe('Appointment deleted');
  });

  it('refuses bad input with a 400 naming the field, and a double booking or a full class with 409', async () => {
    const slot = await createSlot(kit.admin, typeId, { capacity: 1, startTime: '06:00', endTime: '07:00' });
    const before = await kit.scalar('select count(*)::int as n from bookings');
    for (const [body, field] of [
      [{ bookingSlot: slot._id }, 'invitedUser'],
      [{ invitedUser: kit.memberContactId }, 'bookingType'],
      [{ invitedUser: kit.memberContactId, bookingType: apptTypeId }, 'startDate'],
      [{ invitedUser: kit.memberContactId, bookingSlot: slot._id, status: 'maybe' }, 'status'],
      [
        {
          invitedUser: kit.memberContactId,
          bookingType: apptTypeId,
          startDate: '2030-01-01T10:00:00Z',
          endDate: '2030-01-01T09:00:00Z',
        },
        'endDate',
      ],
      [{ invitedUser: kit.memberContactId, bookingSlot: slot._id, bookingType: apptTypeId }, 'bookingType'],
    ] as const) {
      const res = await kit.admin.call('POST', '/api/booking', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toContain(field);
    }
    expect(await kit.scalar('select count(*)::int as n from bookings')).toBe(before);
    expect(
      (
        await kit.admin.call('POST', '/api/booking', {
          invitedUser: kit.memberContactId,
          bookingSlot: slot._id,
        })
      ).status,
    ).toBe(200);
    const twice = await kit.admin.call('POST', '/api/booking', {
      invitedUser: kit.memberContactId,
      bookingSlot: slot._id,
    });
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe('This member is already booked into this class');
    const full = await kit.admin.call('POST', '/api/booking', {
      invitedUser: staffContact,
      bookingSlot: slot._id,
    });
    expect(full.status).toBe(409);
    expect(full.body.error.message).toBe('This class is full');
    expect(await slotCounts(kit, slot._id)).toEqual({ booked_count: 1, attended_slots: 0 });
    // Cancelling frees the seat; taking it back needs one.
    const mine = (await kit.admin.get('/api/booking', { slotId: slot._id })).body.list[0];
    await kit.admin.call('PUT', `/api/booking/${mine._id}`, { status: 'cancelled' });
    expect(await slotCounts(kit, slot._id)).toEqual({ booked_count: 0, attended_slots: 0 });
    const staff = await kit.admin.call('POST', '/api/booking', {
      invitedUser: staffContact,
      bookingSlot: slot._id,
    });
    expect(staff.status).toBe(200);
    const back = await kit.admin.call('PUT', `/api/booking/${mine._id}`, { status: 'booked' });
    expect(back.status).toBe(409);
    expect(await slotCounts(kit, slot._id)).toEqual({ booked_count: 1, attended_slots: 0 });
  });

  it('a member books, sees, cancels and moves only their own bookings and cannot mark attendance', async () => {
    const slot = await createSlot(kit.admin, typeId, { startTime: '12:00', endTime: '13:00' });
    const other = await createSlot(kit.admin, typeId, { startTime: '13:00', endTime: '14:00' });
    const forOther = await kit.client.call('POST', '/api/booking', {
      invitedUser: staffContact,
      bookingSlot: slot._id,
    });
    expect(forOther.status).toBe(403);
    const done = await kit.client.call('POST', '/api/booking', {
      invitedUser: kit.memberContactId,
      bookingSlot: slot._id,
      status: 'completed',
    });
    expect(done.status).toBe(403);
    const past = await createSlot(kit.admin, typeId, { date: '2020-01-06' });
    const late = await kit.client.call('POST', '/api/booking', {
      invitedUser: kit.memberContactId,
      bookingSlot: past._id,
    });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe('This class has already started');
    const mine = await kit.client.call('POST', '/api/booking', {
      invitedUser: kit.memberContactId,
      bookingSlot: slot._id,
    });
    expect(mine.status).toBe(200);
    expect(mine.body.data.source).toBe('member');
    const staffBooking = await kit.admin.call('POST', '/api/booking', {
      invitedUser: staffContact,
      bookingSlot: slot._id,
    });
    const list = await kit.client.get('/api/booking', { slotId: slot._id });
    expect(list.body.list.map((b: { _id: string }) => b._id)).toEqual([mine.body.data._id]);
    expect((await kit.client.get('/api/booking', { contactId: staffContact })).status).toBe(403);
    expect((await kit.client.get(`/api/booking/${staffBooking.body.data._id}`)).status).toBe(404);
    expect(
      (await kit.client.call('PUT', `/api/booking/${staffBooking.body.data._id}`, { status: 'cancelled' }))
        .status,
    ).toBe(404);
    expect(
      (await kit.client.call('PUT', `/api/booking/${mine.body.data._id}`, { status: 'completed' })).status,
    ).toBe(403);
    const moved = await kit.client.call('PUT', `/api/booking/${mine.body.data._id}/reschedule`, {
      bookingSlot: other._id,
    });
    expect(moved.status).toBe(200);
    const cancelled = await kit.client.call('PUT', `/api/booking/${mine.body.data._id}`, {
      status: 'cancelled',
    });
    expect(cancelled.body.data.status).toBe('cancelled');
    // Clients have no delete permission on booking.
    expect((await kit.client.call('DELETE', `/api/booking/${mine.body.data._id}`)).status).toBe(403);
    expect((await kit.employee.call('DELETE', `/api/booking/${mine.body.data._id}`)).status).toBe(403);
  });

  it("another organisation cannot read, book into, change or delete this organisation's bookings", async () => {
    const slot = await createSlot(kit.admin, typeId, { startTime: '08:00', endTime: '09:00' });
    const made = await kit.admin.call('POST', '/api/booking', {
      invitedUser: kit.memberContactId,
      bookingSlot: slot._id,
    });
    const id = made.body.data._id;
    const theirContact = kit.other.members[kit.other.emails.admin!]!.contactId;
    expect((await kit.intruder.get(`/api/booking/${id}`)).status).toBe(404);
    expect((await kit.intruder.call('PUT', `/api/booking/${id}`, { status: 'cancelled' })).status).toBe(404);
    expect(
      (await kit.intruder.call('PUT', `/api/booking/${id}/reschedule`, { bookingSlot: slot._id })).status,
    ).toBe(404);
    expect((await kit.intruder.call('DELETE', `/api/booking/${id}`)).status).toBe(404);
    expect(
      (await kit.intruder.call('POST', '/api/booking', { invitedUser: theirContact, bookingSlot: slot._id }))
        .status,
    ).toBe(404);
    expect(
      (
        await kit.intruder.call('POST', '/api/booking', {
          invitedUser: kit.memberContactId,
          bookingType: apptTypeId,
          startDate: '2030-01-01T10:00:00Z',
          endDate: '2030-01-01T11:00:00Z',
        })
      ).status,
    ).toBe(404);
    expect((await kit.intruder.get('/api/booking')).body.list).toEqual([]);
    expect(
      await kit.scalar(
        'select count(*)::int as n from bookings where id = $1 and status = $2 and not is_deleted',
        [id, 'booked'],
      ),
    ).toBe(1);
    expect(
      await kit.scalar('select count(*)::int as n from bookings where organization_id = $1', [kit.other.id]),
    ).toBe(0);
    expect(await slotCounts(kit, slot._id)).toEqual({ booked_count: 1, attended_slots: 0 });
  });
});
