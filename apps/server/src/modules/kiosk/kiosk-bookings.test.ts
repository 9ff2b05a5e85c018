import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../test/helpers.ts';
import {
  type Client,
  createKit,
  createSlot,
  createType,
  type Kit,
  middayZone,
  pairKiosk,
  todayIn,
} from '../booking/booking.test-kit.ts';
import { KIOSK_CLASS_ONLY } from './kiosk.routes.ts';

// The kiosk's step-by-step booking calls: PUT /kiosk/bookings/:id and
// POST /kiosk/bookings only ever check a member in to a class, through the same idempotent path
// as POST /kiosk/check-in, with attendDate set by the server.

// The organisation's day, in a zone where it is midday now: a class from 00:00 to 23:59 "today"
// holds the present moment at any hour in UTC.
const zone = middayZone();
const today = () => todayIn(zone);

describe(`kiosk booking calls (${DB_KIND})`, () => {
  let kit: Kit;
  let kiosk: Client;
  let typeId: string;
  let staffContact: string;
  beforeAll(async () => {
    kit = await createKit({ timeZone: zone });
    ({ kiosk } = await pairKiosk(kit));
    typeId = (await createType(kit.admin, { title: 'BJJ Fundamentals', programName: 'Jiu-Jitsu' }))._id;
    staffContact = kit.org.members[kit.org.emails.employee!]!.contactId;
  });
  afterAll(() => kit.t.close());

  it('the step-by-step calls: update a booking to completed, or create a completed one once', async () => {
    const slot = await createSlot(kit.admin, typeId, { date: today(), startTime: '05:00', endTime: '06:00' });
    const booked = await kit.admin.call('POST', '/api/booking', {
      invitedUser: kit.memberContactId,
      bookingSlot: slot._id,
    });
    const upd = await kiosk.call('PUT', `/api/kiosk/bookings/${booked.body.data._id}`, {
      status: 'completed',
      attendDate: new Date().toISOString(),
    });
    expect(upd.status).toBe(200);
    expect(upd.body.booking).toMatchObject({ _id: booked.body.data._id, status: 'completed' });
    expect(Date.now() - Date.parse(upd.body.booking.attendDate)).toBeLessThan(60_000);
    const body = {
      invitedUser: staffContact,
      bookingSlot: slot._id,
      bookingType: typeId,
      status: 'completed',
      attendDate: new Date().toISOString(),
      type: 'class',
      isDeleted: false,
    };
    const made = await kiosk.call('POST', '/api/kiosk/bookings', body);
    expect(made.status).toBe(200);
    expect(made.body.booking).toMatchObject({ invitedUser: staffContact, status: 'completed' });
    const twice = await kiosk.call('POST', '/api/kiosk/bookings', body);
    expect(twice.body.booking._id).toBe(made.body.booking._id);
    const counts = await kit.sqlRows<{ attended_slots: number }>(
      'select attended_slots from booking_slots where id = $1',
      [slot._id],
    );
    expect(counts[0]!.attended_slots).toBe(2);
    const wrongType = await kiosk.call('POST', '/api/kiosk/bookings', {
      ...body,
      bookingType: (await createType(kit.admin, { title: 'Other' }))._id,
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error.message).toContain('bookingType');
    const notClass = await kiosk.call('POST', '/api/kiosk/bookings', { ...body, type: 'other' });
    expect(notClass.status).toBe(400);
    const notCompleted = await kiosk.call('POST', '/api/kiosk/bookings', { ...body, status: 'no_show' });
    expect(notCompleted.status).toBe(400);
    expect(notCompleted.body.error.message).toContain('status');
  });

  it('PUT only checks in: no cancel, no no-show, no backdating, no appointment, idempotent', async () => {
    const slot = await createSlot(kit.admin, typeId, { date: today(), startTime: '09:00', endTime: '10:00' });
    const booked = await kit.admin.call('POST', '/api/booking', {
      invitedUser: kit.memberContactId,
      bookingSlot: slot._id,
    });
    const id = booked.body.data._id as string;
    const statusOf = async () =>
      (await kit.sqlRows<{ status: string }>('select status from bookings where id = $1', [id]))[0]!.status;
    for (const status of ['cancelled', 'no_show', 'booked']) {
      const res = await kiosk.call('PUT', `/api/kiosk/bookings/${id}`, { status });
      expect(res.status, status).toBe(400);
      expect(res.body.error.message).toContain('status');
    }
    expect(await statusOf()).toBe('booked');

    // A client attendDate is ignored: the server stamps now.
    const first = await kiosk.call('PUT', `/api/kiosk/bookings/${id}`, {
      status: 'completed',
      attendDate: '2020-01-01T08:00:00.000Z',
    });
    expect(first.status).toBe(200);
    expect(Date.now() - Date.parse(first.body.booking.attendDate)).toBeLessThan(60_000);
    const [stored] = await kit.sqlRows<{ attend_date: Date | string }>(
      'select attend_date from bookings where id = $1',
      [id],
    );
    expect(new Date(stored!.attend_date).getFullYear()).toBeGreaterThan(2020);

    // The same booking checked in again (in sequence and at once) stays one completed booking, +1.
    const again = await Promise.all([
      kiosk.call('PUT', `/api/kiosk/bookings/${id}`, { status: 'completed' }),
      kiosk.call('PUT', `/api/kiosk/bookings/${id}`, { status: 'completed' }),
      kiosk.call('POST', '/api/kiosk/check-in', { slotId: slot._id, contactId: kit.memberContactId }),
    ]);
    expect(again.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(again.map((r) => r.body.booking._id))).toEqual(new Set([id]));
    expect(again[0]!.body.booking.attendDate).toBe(first.body.booking.attendDate);
    expect(
      await kit.scalar('select count(*)::int as n from bookings where slot_id = $1 and contact_id = $2', [
        slot._id,
        kit.memberContactId,
      ]),
    ).toBe(1);
    expect(await kit.scalar('select attended_slots as n from booking_slots where id = $1', [slot._id])).toBe(
      1,
    );

    // An appointment (type other) is not the kiosk's to touch.
    const appointment = await kit.admin.call('POST', '/api/booking', {
      invitedUser: staffContact,
      bookingType: typeId,
      type: 'other',
      startDate: new Date(Date.now() + 86_400_000).toISOString(),
      endDate: new Date(Date.now() + 90_000_000).toISOString(),
    });
    expect(appointment.status).toBe(200);
    const appointmentId = appointment.body.data._id as string;
    const refused = await kiosk.call('PUT', `/api/kiosk/bookings/${appointmentId}`, { status: 'completed' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toBe(KIOSK_CLASS_ONLY);
    const [appt] = await kit.sqlRows<{ status: string; attend_date: unknown }>(
      'select status, attend_date from bookings where id = $1',
      [appointmentId],
    );
    expect(appt).toMatchObject({ status: 'booked', attend_date: null });

    // Deleted bookings and another organisation's bookings are not found; nothing changes.
    await kit.admin.call('DELETE', `/api/booking/${appointmentId}`);
    expect(
      (await kiosk.call('PUT', `/api/kiosk/bookings/${appointmentId}`, { status: 'completed' })).status,
    ).toBe(404);
    const theirType = await createType(kit.intruder, { title: 'Theirs' });
    const theirSlot = await createSlot(kit.intruder, theirType._id, { date: today() });
    const theirs = await kit.intruder.call('POST', '/api/booking', {
      invitedUser: kit.other.members[kit.other.emails.admin!]!.contactId,
      bookingSlot: theirSlot._id,
    });
    expect(theirs.status).toBe(200);
    const cross = await kiosk.call('PUT', `/api/kiosk/bookings/${theirs.body.data._id}`, {
      status: 'completed',
    });
    expect(cross.status).toBe(404);
    expect(
      (
        await kit.sqlRows<{ status: string }>('select status from bookings where id = $1', [
          theirs.body.data._id,
        ])
      )[0]!.status,
    ).toBe('booked');
  });
});
