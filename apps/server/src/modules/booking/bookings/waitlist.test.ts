import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KIND } from '../../../../test/helpers.ts';
import { newId } from '../../../lib/ids.ts';
import type { Mail } from '../../../lib/mailer.ts';
import { createKit, createSlot, createType, type Kit } from '../booking.test-kit.ts';
import { WaitlistNotifier } from './waitlist-notifier.ts';

// The waitlist as staff change things around it: deleting, rescheduling or cancelling a booking
// gives the seat to the first in line; merged contacts keep one place; a deleted contact leaves.

describe(`the waitlist and staff changes (${DB_KIND})`, () => {
  let kit: Kit;
  let typeId: string;
  let contacts: string[];
  beforeAll(async () => {
    // The app's own e-mail job is off: the last test runs it by hand.
    kit = await createKit({ t: await createTestApp(undefined, { IMPORT_WORKER: '0' }) });
    typeId = (await createType(kit.admin, { title: 'Boxing' }))._id;
    contacts = Array.from({ length: 6 }, () => newId());
    const values = contacts.map((_, i) => `($1, $${i + 2}, 'Boxer ${i}')`).join(', ');
    await kit.t.database.query(`insert into contacts (organization_id, id, full_name) values ${values}`, [
      kit.org.id,
      ...contacts,
    ]);
  });
  afterAll(() => kit.t.close());

  // As joining does (waitlist.service.ts joinedNow): each place after the ones before it.
  const waitFor = (slotId: string, contactId: string) =>
    kit.t.database.query(
      `insert into booking_waitlist (organization_id, id, slot_id, contact_id, joined_at)
       values ($1, $2, $3, $4, greatest(clock_timestamp(), (select max(joined_at) + interval '1 microsecond'
         from booking_waitlist where organization_id = $1 and slot_id = $3)))`,
      [kit.org.id, newId(), slotId, contactId],
    );
  const holders = async (slotId: string) =>
    (
      await kit.sqlRows<{ contact_id: string; source: string }>(
        `select contact_id, source from bookings where slot_id = $1 and not is_deleted and status <> 'cancelled'
         order by created_at`,
        [slotId],
      )
    ).map((r) => [r.contact_id, r.source]);
  const entries = (slotId: string) =>
    kit.sqlRows<{ contact_id: string; status: string }>(
      'select contact_id, status from booking_waitlist where slot_id = $1 order by joined_at, id',
      [slotId],
    );

  it('staff deleting, cancelling or moving a booking out of a full class books the first in line', async () => {
    const [a, b, c, d] = contacts as [string, string, string, string];
    const slot = await createSlot(kit.admin, typeId, { capacity: 1, startTime: '07:00', endTime: '08:00' });
    const other = await createSlot(kit.admin, typeId, { capacity: 5, startTime: '09:00', endTime: '10:00' });
    const first = (await kit.admin.call('POST', '/api/booking', { invitedUser: a, bookingSlot: slot._id }))
      .body.data;
    await waitFor(slot._id, b);
    await waitFor(slot._id, c);
    await waitFor(slot._id, d);

    expect((await kit.admin.call('DELETE', `/api/booking/${first._id}`)).status).toBe(200);
    expect(await holders(slot._id)).toEqual([[b, 'waitlist']]);
    const bBooking = (await kit.admin.get('/api/booking', { slotId: slot._id })).body.list[0];

    const cancelled = await kit.admin.call('PUT', `/api/booking/${bBooking._id}`, { status: 'cancelled' });
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', lateCancel: false });
    expect(await holders(slot._id)).toEqual([[c, 'waitlist']]);
    const cBooking = (await kit.admin.get('/api/booking', { slotId: slot._id, status: 'booked' })).body
      .list[0];

    const moved = await kit.admin.call('PUT', `/api/booking/${cBooking._id}/reschedule`, {
      bookingSlot: other._id,
    });
    expect(moved.status).toBe(200);
    expect(await holders(slot._id)).toEqual([[d, 'waitlist']]);
    expect((await entries(slot._id)).map((e) => e.status)).toEqual(['promoted', 'promoted', 'promoted']);
    // B, whose booking was cancelled, can take a seat again: the same booking, booked again.
    await waitFor(slot._id, b);
    const raised = await kit.admin.call('PUT', `/api/booking-slot/${slot._id}`, { capacity: 2 });
    expect(raised.body.data.bookedCount).toBe(2);
    expect(await holders(slot._id)).toEqual([
      [b, 'waitlist'],
      [d, 'waitlist'],
    ]);
    expect(
      await kit.scalar(`select count(*)::int as n from bookings where slot_id = $1 and contact_id = $2`, [
        slot._id,
        b,
      ]),
    ).toBe(1);
  });

  it('a class that has started promotes nobody; a waiting member already booked leaves the line', async () => {
    const [a, b, c] = contacts as [string, string, string];
    const past = await createSlot(kit.admin, typeId, { date: '2020-03-02', capacity: 1 });
    const seat = (await kit.admin.call('POST', '/api/booking', { invitedUser: a, bookingSlot: past._id }))
      .body.data;
    await waitFor(past._id, b);
    await kit.admin.call('DELETE', `/api/booking/${seat._id}`);
    expect(await holders(past._id)).toEqual([]);
    expect((await entries(past._id)).map((e) => e.status)).toEqual(['waiting']);

    const slot = await createSlot(kit.admin, typeId, { capacity: 1, startTime: '11:00', endTime: '12:00' });
    const first = (await kit.admin.call('POST', '/api/booking', { invitedUser: a, bookingSlot: slot._id }))
      .body.data;
    await waitFor(slot._id, b);
    await waitFor(slot._id, c);
    await kit.admin.call('PUT', `/api/booking-slot/${slot._id}`, { capacity: 2 });
    expect(await holders(slot._id)).toEqual([
      [a, 'admin'],
      [b, 'waitlist'],
    ]);
    // Someone booked C directly meanwhile (staff ignoring the line): C leaves it, nobody else moves.
    await kit.t.database.query(`update booking_slots set capacity = 3 where id = $1`, [slot._id]);
    await kit.admin.call('POST', '/api/booking', { invitedUser: c, bookingSlot: slot._id });
    await kit.admin.call('DELETE', `/api/booking/${first._id}`);
    expect((await entries(slot._id)).map((e) => [e.contact_id, e.status])).toEqual([
      [b, 'promoted'],
      [c, 'left'],
    ]);
  });

  it('merged contacts keep one place per class; a deleted contact leaves every line', async () => {
    const [, , , d, e, f] = contacts as string[];
    const slot = await createSlot(kit.admin, typeId, { capacity: 1, startTime: '13:00', endTime: '14:00' });
    await kit.admin.call('POST', '/api/booking', { invitedUser: contacts[0], bookingSlot: slot._id });
    await waitFor(slot._id, e!);
    await waitFor(slot._id, d!);
    await waitFor(slot._id, f!);
    const merged = await kit.admin.call('POST', '/api/contact/merge', { primaryId: d, duplicateIds: [e] });
    expect(merged.status).toBe(200);
    expect((await entries(slot._id)).map((x) => [x.contact_id, x.status])).toEqual([
      [d, 'waiting'],
      [d, 'left'],
      [f, 'waiting'],
    ]);
    const gone = await kit.admin.call('DELETE', '/api/contact/delete', { ids: [f], source: 'test' });
    expect(gone.status).toBe(200);
    expect((await entries(slot._id)).map((x) => x.status)).toEqual(['waiting', 'left', 'left']);
  });

  it('e-mails each promoted member once after the promotion, and tries again when sending failed', async () => {
    const [a] = contacts as [string];
    // The others promoted in this file have no e-mail: they are marked done and not sent.
    const b = newId();
    await kit.t.database.query(
      `insert into contacts (organization_id, id, full_name, email) values ($1, $2, 'Kim Boxer', 'kim@example.test')`,
      [kit.org.id, b],
    );
    const slot = await createSlot(kit.admin, typeId, { capacity: 1, startTime: '15:00', endTime: '16:00' });
    const seat = (await kit.admin.call('POST', '/api/booking', { invitedUser: a, bookingSlot: slot._id }))
      .body.data;
    await waitFor(slot._id, b);
    await kit.admin.call('DELETE', `/api/booking/${seat._id}`);
    const log = { error: () => undefined };
    const failing = new WaitlistNotifier(
      kit.t.database.db,
      { recent: [], send: async () => Promise.reject(new Error('SMTP down')) },
      'https://gym.example',
      log,
    );
    expect(await failing.run()).toBe(0);
    const sent: Mail[] = [];
    const working = new WaitlistNotifier(
      kit.t.database.db,
      { recent: sent, send: async (m) => void sent.push(m) },
      'https://gym.example/',
      log,
    );
    expect(await working.run()).toBe(1);
    expect(await working.run()).toBe(0);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      to: 'kim@example.test',
      subject: expect.stringMatching(/^You're booked: Boxing, /),
    });
    expect(sent[0]!.text).toContain('Hello Kim,');
    expect(sent[0]!.text).toContain('https://gym.example/access-control');
  });
});
