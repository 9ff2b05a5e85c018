import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../test/helpers.ts';
import { createClass, createClassType, createPortalKit, dayFrom, type PortalKit } from './portal.test-kit.ts';

describe(`member portal: classes, bookings and the waitlist (${DB_KIND})`, () => {
  let kit: PortalKit;
  let typeId: string;
  beforeAll(async () => {
    kit = await createPortalKit({ members: 3 });
    typeId = await createClassType(kit.admin);
    await kit.t.database.query(`update organizations set theme_color = '#e8590c' where id = $1`, [kit.orgId]);
  });
  afterAll(() => kit.t.close());

  const liveCount = (slotId: string) =>
    kit.scalar(
      `select count(*)::int as n from bookings where slot_id = $1 and not is_deleted and status <> 'cancelled'`,
      [slotId],
    );

  it('me: the member, their check-in code, plan and the organisation with its colour', async () => {
    const [m] = kit.members;
    await kit.t.database.query(`update contacts set punch_id = '0000004321' where id = $1`, [m!.contactId]);
    const me = await m!.c.get('/api/portal/me');
    expect(me.status).toBe(200);
    expect(me.body.member).toMatchObject({ _id: m!.contactId, code: '0000004321', paymentStatus: 'none' });
    expect(me.body.organization).toMatchObject({ _id: kit.orgId, themeColor: '#e8590c', timeZone: 'UTC' });
    expect(me.body.cancelCutoffMinutes).toBe(0);
    // The other organisation's member sees their own organisation, not this one.
    const theirs = await kit.outsider.c.get('/api/portal/me');
    expect(theirs.body.member._id).toBe(kit.outsider.contactId);
    expect(theirs.body.organization._id).toBe(kit.otherOrgId);
  });

  it('lists a week of classes with description, seats left, and the member’s own booking', async () => {
    const a = await createClass(kit.admin, typeId, {
      days: 2,
      startTime: '07:00',
      endTime: '08:00',
      capacity: 3,
    });
    const b = await createClass(kit.admin, typeId, {
      days: 3,
      startTime: '09:00',
      endTime: '10:00',
      capacity: null,
    });
    await createClass(kit.admin, typeId, { days: 9, startTime: '09:00', endTime: '10:00' });
    const [m, other] = kit.members;
    await other!.c.call('POST', `/api/portal/classes/${a._id}/book`);
    const booked = await m!.c.call('POST', `/api/portal/classes/${a._id}/book`);
    expect(booked.status).toBe(200);
    expect(booked.body.message).toBe('Booked Successfully');
    expect(booked.body.data).toMatchObject({
      slotId: a._id,
      status: 'booked',
      attendance: 'booked',
      source: 'member',
    });

    const week = await m!.c.get('/api/portal/classes', { from: dayFrom(1) });
    expect(week.status).toBe(200);
    expect(week.body.from).toBe(dayFrom(1));
    expect(week.body.to).toBe(dayFrom(7));
    const ids = week.body.list.map((c: { _id: string }) => c._id);
    expect(ids).toEqual(expect.arrayContaining([a._id, b._id]));
    const first = week.body.list.find((c: { _id: string }) => c._id === a._id);
    expect(first).toMatchObject({
      title: 'Kettlebells',
      description: 'Swings, snatches and get-ups.',
      program: 'Strength',
      capacity: 3,
      seatsLeft: 1,
      started: false,
      booking: { _id: booked.body.data._id, status: 'booked' },
      waitlist: null,
      waitlistLength: 0,
      instructor: null,
    });
    expect(first.color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(week.body.list.find((c: { _id: string }) => c._id === b._id)).toMatchObject({
      capacity: null,
      seatsLeft: null,
      booking: null,
    });
    // Another member sees the same seats, but not this member's booking.
    const theirs = await kit.members[2]!.c.get('/api/portal/classes', { from: dayFrom(1) });
    expect(theirs.body.list.find((c: { _id: string }) => c._id === a._id)).toMatchObject({
      seatsLeft: 1,
      booking: null,
    });
    expect((await m!.c.get('/api/portal/classes', { from: dayFrom(1), days: 15 })).status).toBe(400);
  });

  it("shows a class's instructor: its own, else its type's", async () => {
    const [coach] = await kit.sqlRows<{ id: string; full_name: string }>(
      `select c.id, c.full_name from contacts c
       join contact_types t on t.organization_id = c.organization_id and t.id = c.contact_type_id
       where c.organization_id = $1 and t.type = 'employee'`,
      [kit.orgId],
    );
    const [m] = kit.members;
    const other = await createClassType(kit.admin, 'Mobility');
    await kit.t.database.query('update booking_types set instructor_id = $1 where id = $2', [
      coach!.id,
      other,
    ]);
    const slot = await createClass(kit.admin, other, { days: 8, startTime: '06:00', endTime: '07:00' });
    const own = await createClass(kit.admin, typeId, { days: 8, startTime: '08:00', endTime: '09:00' });
    await kit.t.database.query('update booking_slots set instructor_id = $1 where id = $2', [
      m!.contactId,
      own._id,
    ]);
    const list = (await m!.c.get('/api/portal/classes', { from: dayFrom(8), days: 1 })).body.list;
    expect(list.find((c: { _id: string }) => c._id === slot._id).instructor).toEqual({
      _id: coach!.id,
      fullName: coach!.full_name,
    });
    expect(list.find((c: { _id: string }) => c._id === own._id).instructor._id).toBe(m!.contactId);
    const booked = await m!.c.call('POST', `/api/portal/classes/${slot._id}/book`);
    expect(booked.body.data.instructor).toEqual({ _id: coach!.id, fullName: coach!.full_name });
  });

  it('refuses a double booking, a full class and a class that has started, with nothing written', async () => {
    const full = await createClass(kit.admin, typeId, {
      days: 2,
      startTime: '11:00',
      endTime: '12:00',
      capacity: 1,
    });
    const [m, other] = kit.members;
    expect((await m!.c.call('POST', `/api/portal/classes/${full._id}/book`)).status).toBe(200);
    const twice = await m!.c.call('POST', `/api/portal/classes/${full._id}/book`);
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe('This member is already booked into this class');
    const refused = await other!.c.call('POST', `/api/portal/classes/${full._id}/book`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe('This class is full');
    const past = await createClass(kit.admin, typeId, { days: -1 });
    const late = await other!.c.call('POST', `/api/portal/classes/${past._id}/book`);
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe('This class has already started');
    expect(await liveCount(full._id)).toBe(1);
    expect(await liveCount(past._id)).toBe(0);
    // A missing class, and another organisation's class, are not found.
    expect((await other!.c.call('POST', `/api/portal/classes/${kit.orgId}/book`)).status).toBe(404);
    expect((await kit.outsider.c.call('POST', `/api/portal/classes/${full._id}/book`)).status).toBe(404);
    expect(await liveCount(full._id)).toBe(1);
  });

  it('cancels free before the cut-off and late after it; staff see the late cancel; a started class stays', async () => {
    const [m] = kit.members;
    const saved = await kit.admin.call('PUT', '/api/calender-setting', { cancelCutoffMinutes: 120 });
    expect(saved.body.data.cancelCutoffMinutes).toBe(120);
    expect((await m!.c.get('/api/portal/me')).body.cancelCutoffMinutes).toBe(120);
    expect((await kit.admin.call('PUT', '/api/calender-setting', { cancelCutoffMinutes: -1 })).status).toBe(
      400,
    );

    const far = await createClass(kit.admin, typeId, {
      days: 4,
      startTime: '06:00',
      endTime: '07:00',
      capacity: 5,
    });
    const soon = new Date(Date.now() + 60 * 60_000);
    const hhmm = (d: Date) => d.toISOString().slice(11, 16);
    const near = await createClass(kit.admin, typeId, {
      date: soon.toISOString().slice(0, 10),
      startTime: hhmm(soon),
      endTime: hhmm(new Date(soon.getTime() + 60 * 60_000)),
      capacity: 5,
    });
    const one = (await m!.c.call('POST', `/api/portal/classes/${far._id}/book`)).body.data;
    const two = (await m!.c.call('POST', `/api/portal/classes/${near._id}/book`)).body.data;
    const upcoming = await m!.c.get('/api/portal/bookings');
    expect(upcoming.body.upcoming.map((b: { _id: string }) => b._id)).toEqual(
      expect.arrayContaining([one._id, two._id]),
    );

    const free = await m!.c.call('DELETE', `/api/portal/bookings/${one._id}`);
    expect(free.status).toBe(200);
    expect(free.body.message).toBe('Booking cancelled');
    expect(free.body.data).toMatchObject({ status: 'cancelled', lateCancel: false, attendance: 'cancelled' });
    const late = await m!.c.call('DELETE', `/api/portal/bookings/${two._id}`);
    expect(late.body.data).toMatchObject({
      status: 'cancelled',
      lateCancel: true,
      attendance: 'late_cancel',
    });
    expect(late.body.data.cancelledAt).toBeTruthy();
    expect((await m!.c.call('DELETE', `/api/portal/bookings/${two._id}`)).status).toBe(409);
    // Staff see it on the class's attendees.
    const attendees = await kit.admin.get('/api/booking', { slotId: near._id });
    expect(attendees.body.list[0]).toMatchObject({ status: 'cancelled', lateCancel: true });
    // Classes still to come are not history, cancelled or not.
    const history = await m!.c.get('/api/portal/history');
    const ids = history.body.list.map((b: { _id: string }) => b._id);
    expect(ids).not.toContain(one._id);
    expect(ids).not.toContain(two._id);
    expect(history.body.counts.lateCancel).toBe(0);
    // Booking again clears the mark.
    const again = await m!.c.call('POST', `/api/portal/classes/${near._id}/book`);
    expect(again.body.data).toMatchObject({ _id: two._id, status: 'booked', lateCancel: false });

    // Once a class has started a member cannot cancel it (staff still can).
    await kit.t.database.query(
      `update booking_slots set starts_at = now() - interval '5 minutes' where id = $1`,
      [near._id],
    );
    await kit.t.database.query(
      `update bookings set start_date = now() - interval '5 minutes' where id = $1`,
      [two._id],
    );
    const started = await m!.c.call('DELETE', `/api/portal/bookings/${two._id}`);
    expect(started.status).toBe(409);
    expect(started.body.error.message).toBe('This class has already started: it can no longer be cancelled');
    expect(
      (await kit.admin.call('PUT', `/api/booking/${two._id}`, { status: 'cancelled' })).body.data,
    ).toMatchObject({
      status: 'cancelled',
      lateCancel: false,
    });
    await kit.admin.call('PUT', '/api/calender-setting', { cancelCutoffMinutes: 0 });
  });

  it('history shows checked-in, no-show and late cancels of past classes, with counts', async () => {
    const m = kit.members[2]!;
    const made = [] as string[];
    for (const days of [-3, -2, -1]) {
      const slot = await createClass(kit.admin, typeId, { days, startTime: '08:00', endTime: '09:00' });
      const res = await kit.admin.call('POST', '/api/booking', {
        invitedUser: m.contactId,
        bookingSlot: slot._id,
      });
      made.push(res.body.data._id);
    }
    await kit.admin.call('PUT', `/api/booking/${made[0]}`, { status: 'completed' });
    await kit.admin.call('PUT', `/api/booking/${made[1]}`, { status: 'no_show' });
    const history = await m.c.get('/api/portal/history', { pageSize: 2 });
    expect(history.status).toBe(200);
    expect(history.body.pagination).toEqual({ page: 1, pageSize: 2, total: 3 });
    // Newest first; a past class still only booked was never checked in.
    expect(history.body.list.map((b: { attendance: string }) => b.attendance)).toEqual([
      'no_show',
      'no_show',
    ]);
    const rest = await m.c.get('/api/portal/history', { page: 2, pageSize: 2 });
    expect(rest.body.list.map((b: { _id: string; attendance: string }) => [b._id, b.attendance])).toEqual([
      [made[0], 'checked_in'],
    ]);
    expect(history.body.counts).toEqual({ checkedIn: 1, noShow: 2, lateCancel: 0 });
    expect((await m.c.get('/api/portal/bookings')).body.upcoming).toEqual([]);
  });

  it('a role without the booking permission reads its own records but books nothing', async () => {
    const [m] = kit.members;
    const [original] = await kit.sqlRows<{ permissions: unknown }>(
      `select permissions from contact_types where organization_id = $1 and type = 'client'`,
      [kit.orgId],
    );
    const setPermissions = (rules: unknown) =>
      kit.t.database.query(
        `update contact_types set permissions = $2::jsonb where organization_id = $1 and type = 'client'`,
        [kit.orgId, JSON.stringify(rules)],
      );
    await setPermissions([{ resource: 'calendar', read: true, write: false, update: false, delete: false }]);
    try {
      const slot = await createClass(kit.admin, typeId, { days: 3, startTime: '20:00', endTime: '21:00' });
      const res = await m!.c.call('POST', `/api/portal/classes/${slot._id}/book`);
      expect(res.status).toBe(403);
      expect((await m!.c.get('/api/portal/classes')).status).toBe(403);
      expect((await m!.c.get('/api/portal/me')).status).toBe(200);
      expect((await m!.c.get('/api/portal/bookings')).status).toBe(200);
    } finally {
      await setPermissions(original!.permissions);
    }
  });
});
