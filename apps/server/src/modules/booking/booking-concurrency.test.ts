import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../test/helpers.ts';
import { newId } from '../../lib/ids.ts';
import { type Client, createKit, createSlot, createType, type Kit, pairKiosk } from './booking.test-kit.ts';

// Races only show on a real server: PGlite runs one transaction at a time.
const onPostgres = DB_KIND === 'postgres';
if (!onPostgres) {
  console.log(
    'Booking race tests skipped: they need real PostgreSQL (PGlite runs one transaction at a time); set DATABASE_URL',
  );
}

describe.skipIf(!onPostgres)('bookings under concurrent requests (postgres)', () => {
  let kit: Kit;
  let kiosk: Client;
  let typeId: string;
  let members: string[];
  beforeAll(async () => {
    kit = await createKit();
    ({ kiosk } = await pairKiosk(kit));
    typeId = (await createType(kit.admin, { title: 'Seminar' }))._id;
    members = Array.from({ length: 60 }, () => newId());
    const values = members.map((_, i) => `($1, $${i + 2}, 'Racer ${i}')`).join(', ');
    await kit.t.database.query(`insert into contacts (organization_id, id, full_name) values ${values}`, [
      kit.org.id,
      ...members,
    ]);
  });
  afterAll(() => kit.t.close());

  const counts = async (slotId: string) =>
    (
      await kit.sqlRows<{ booked_count: number; attended_slots: number; live: number }>(
        `select booked_count, attended_slots,
                (select count(*)::int from bookings where slot_id = $1 and not is_deleted) as live
         from booking_slots where id = $1`,
        [slotId],
      )
    )[0]!;

  it('a booking is checked against its class at commit, where the check-in already locks the class', async () => {
    // Checked at once, every check-in's key-share lock on the class row joined the counter
    // updates' locks in multixacts (9% of database CPU with 50 kiosks on one class).
    const [fk] = await kit.sqlRows<{ deferrable: boolean; deferred: boolean }>(
      `select condeferrable as deferrable, condeferred as deferred from pg_constraint
       where conrelid = 'bookings'::regclass and contype = 'f' and confrelid = 'booking_slots'::regclass`,
    );
    expect(fk).toEqual({ deferrable: true, deferred: true });
    // A booking of a class that does not exist still fails (at commit) and leaves nothing.
    const ghost = newId();
    const insert = kit.t.database.query(
      `insert into bookings (organization_id, id, contact_id, slot_id, booking_type_id, start_date, end_date)
       values ($1, $2, $3, $4, $5, now(), now())`,
      [kit.org.id, newId(), members[0], ghost, typeId],
    );
    await expect(insert).rejects.toThrow(/foreign key/);
    expect((await kit.sqlRows('select 1 from bookings where slot_id = $1', [ghost])).length).toBe(0);
  });

  it('50 parallel requests for the last seat give exactly 1 booking and 49 clear refusals', async () => {
    const slot = await createSlot(kit.admin, typeId, { capacity: 5 });
    for (const m of members.slice(0, 4)) {
      expect(
        (await kit.admin.call('POST', '/api/booking', { invitedUser: m, bookingSlot: slot._id })).status,
      ).toBe(200);
    }
    const racers = members.slice(4, 54);
    const answers = await Promise.all(
      racers.map((m) => kit.admin.call('POST', '/api/booking', { invitedUser: m, bookingSlot: slot._id })),
    );
    const ok = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 409);
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(49);
    expect(new Set(refused.map((a) => a.body.error.message))).toEqual(new Set(['This class is full']));
    expect(await counts(slot._id)).toEqual({ booked_count: 5, attended_slots: 0, live: 5 });
  });

  it('20 parallel bookings of one member into one slot leave one booking', async () => {
    const slot = await createSlot(kit.admin, typeId, { capacity: 30, startTime: '10:00', endTime: '11:00' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        kit.admin.call('POST', '/api/booking', { invitedUser: members[0], bookingSlot: slot._id }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.status === 409);
    expect(refused).toHaveLength(19);
    expect(new Set(refused.map((a) => a.body.error.message))).toEqual(
      new Set(['This member is already booked into this class']),
    );
    expect(await counts(slot._id)).toEqual({ booked_count: 1, attended_slots: 0, live: 1 });
  });

  it('20 parallel identical check-ins leave one booking and attendedSlots +1', async () => {
    const slot = await createSlot(kit.admin, typeId, { capacity: 10, startTime: '12:00', endTime: '13:00' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        kiosk.call('POST', '/api/kiosk/check-in', { slotId: slot._id, contactId: members[1] }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    expect(answers.filter((a) => a.body.created)).toHaveLength(1);
    expect(new Set(answers.map((a) => a.body.booking._id)).size).toBe(1);
    expect(new Set(answers.map((a) => a.body.attendedSlots))).toEqual(new Set([1]));
    expect(await counts(slot._id)).toEqual({ booked_count: 1, attended_slots: 1, live: 1 });
  });

  it('parallel check-ins of a booked member and of 30 walk-ins never pass the capacity', async () => {
    const slot = await createSlot(kit.admin, typeId, { capacity: 10, startTime: '14:00', endTime: '15:00' });
    await kit.admin.call('POST', '/api/booking', { invitedUser: members[2], bookingSlot: slot._id });
    const answers = await Promise.all([
      ...Array.from({ length: 10 }, () =>
        kiosk.call('POST', '/api/kiosk/check-in', { slotId: slot._id, contactId: members[2] }),
      ),
      ...members
        .slice(20, 50)
        .map((m) => kiosk.call('POST', '/api/kiosk/check-in', { slotId: slot._id, contactId: m })),
    ]);
    const booked = answers.slice(0, 10);
    expect(booked.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(booked.filter((a) => a.body.created)).toHaveLength(1);
    const walkIns = answers.slice(10);
    expect(walkIns.filter((a) => a.status === 200)).toHaveLength(9);
    expect(walkIns.filter((a) => a.status === 409)).toHaveLength(21);
    expect(await counts(slot._id)).toEqual({ booked_count: 10, attended_slots: 10, live: 10 });
  });

  it('a class without a capacity: 40 walk-ins and 10 repeats at once, each counted once', async () => {
    const slot = await createSlot(kit.admin, typeId, {
      capacity: null,
      startTime: '19:00',
      endTime: '20:00',
    });
    const walkIns = members.slice(0, 40);
    const answers = await Promise.all([
      ...walkIns.map((m) => kiosk.call('POST', '/api/kiosk/check-in', { slotId: slot._id, contactId: m })),
      ...walkIns
        .slice(0, 10)
        .map((m) => kiosk.call('POST', '/api/kiosk/check-in', { slotId: slot._id, contactId: m })),
    ]);
    expect(answers.map((a) => a.status)).toEqual(Array(50).fill(200));
    expect(answers.filter((a) => a.body.created)).toHaveLength(40);
    expect(Math.max(...answers.map((a) => a.body.attendedSlots))).toBe(40);
    expect(await counts(slot._id)).toEqual({ booked_count: 40, attended_slots: 40, live: 40 });
    // The connections the fast path handed back are clean: a read after it sees no open transaction.
    const again = await kiosk.call('POST', '/api/kiosk/check-in', {
      slotId: slot._id,
      contactId: members[45],
    });
    expect(again.body).toMatchObject({ created: true, attendedSlots: 41 });
  });

  it('two members swapping slots at once both succeed without a deadlock', async () => {
    const a = await createSlot(kit.admin, typeId, { capacity: 10, startTime: '16:00', endTime: '17:00' });
    const b = await createSlot(kit.admin, typeId, { capacity: 10, startTime: '17:00', endTime: '18:00' });
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await kit.admin.call('POST', '/api/booking', {
        invitedUser: members[54 + i],
        bookingSlot: i % 2 ? b._id : a._id,
      });
      ids.push(r.body.data._id);
    }
    const moves = await Promise.all(
      ids.map((id, i) =>
        kit.admin.call('PUT', `/api/booking/${id}/reschedule`, { bookingSlot: i % 2 ? a._id : b._id }),
      ),
    );
    expect(moves.map((m) => m.status)).toEqual(Array(6).fill(200));
    expect(await counts(a._id)).toEqual({ booked_count: 3, attended_slots: 0, live: 3 });
    expect(await counts(b._id)).toEqual({ booked_count: 3, attended_slots: 0, live: 3 });
  });
});
