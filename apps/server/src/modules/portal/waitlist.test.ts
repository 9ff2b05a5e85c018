import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../test/helpers.ts';
import {
  createClass,
  createClassType,
  createPortalKit,
  dayFrom,
  eventually,
  type PortalKit,
} from './portal.test-kit.ts';

describe(`member portal: the waitlist and other members' places (${DB_KIND})`, () => {
  let kit: PortalKit;
  let typeId: string;
  beforeAll(async () => {
    kit = await createPortalKit({ members: 3 });
    typeId = await createClassType(kit.admin);
  });
  afterAll(() => kit.t.close());

  const liveCount = (slotId: string) =>
    kit.scalar(
      `select count(*)::int as n from bookings where slot_id = $1 and not is_deleted and status <> 'cancelled'`,
      [slotId],
    );

  it('a full class has a waitlist: join, see the place, leave; the first in line is booked when a seat frees', async () => {
    const slot = await createClass(kit.admin, typeId, {
      days: 5,
      startTime: '17:00',
      endTime: '18:00',
      capacity: 1,
    });
    const [a, b, c] = kit.members as [
      (typeof kit.members)[0],
      (typeof kit.members)[0],
      (typeof kit.members)[0],
    ];
    const notFull = await b.c.call('POST', `/api/portal/classes/${slot._id}/waitlist`);
    expect(notFull.status).toBe(409);
    expect(notFull.body.error.message).toBe('This class has free seats: book it instead');
    const seat = (await a.c.call('POST', `/api/portal/classes/${slot._id}/book`)).body.data;
    expect((await a.c.call('POST', `/api/portal/classes/${slot._id}/waitlist`)).body.error.message).toBe(
      'You are already booked into this class',
    );
    const second = await b.c.call('POST', `/api/portal/classes/${slot._id}/waitlist`);
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({
      message: 'You are on the waitlist',
      data: { position: 1, length: 1 },
    });
    const third = await c.c.call('POST', `/api/portal/classes/${slot._id}/waitlist`);
    expect(third.body.data).toMatchObject({ position: 2, length: 2 });
    expect((await c.c.call('POST', `/api/portal/classes/${slot._id}/waitlist`)).body.error.message).toBe(
      'You are already on the waitlist for this class',
    );
    const listed = await c.c.get('/api/portal/classes', { from: dayFrom(5), days: 1 });
    expect(listed.body.list.find((x: { _id: string }) => x._id === slot._id)).toMatchObject({
      seatsLeft: 0,
      waitlist: { position: 2, length: 2 },
      waitlistLength: 2,
    });
    expect((await c.c.get('/api/portal/bookings')).body.waitlist).toEqual([
      expect.objectContaining({ slotId: slot._id, position: 2, length: 2, title: 'Kettlebells' }),
    ]);
    // Leaving moves the next one up; leaving twice is a 404.
    expect((await b.c.call('DELETE', `/api/portal/classes/${slot._id}/waitlist`)).body.message).toBe(
      'You left the waitlist',
    );
    expect((await b.c.call('DELETE', `/api/portal/classes/${slot._id}/waitlist`)).status).toBe(404);
    expect((await c.c.get('/api/portal/bookings')).body.waitlist[0]).toMatchObject({
      position: 1,
      length: 1,
    });
    await b.c.call('POST', `/api/portal/classes/${slot._id}/waitlist`);

    // A cancels: C (first in line now) is booked in the same transaction, and e-mailed.
    const sentBefore = kit.t.mailer.recent.length;
    const cancelled = await a.c.call('DELETE', `/api/portal/bookings/${seat._id}`);
    expect(cancelled.status).toBe(200);
    const cBookings = (await c.c.get('/api/portal/bookings')).body;
    expect(cBookings.waitlist).toEqual([]);
    expect(cBookings.upcoming).toEqual([
      expect.objectContaining({ slotId: slot._id, status: 'booked', source: 'waitlist' }),
    ]);
    expect((await b.c.get('/api/portal/bookings')).body.waitlist[0]).toMatchObject({
      position: 1,
      length: 1,
    });
    expect(await liveCount(slot._id)).toBe(1);
    const mails = await eventually(
      () => kit.t.mailer.recent.slice(sentBefore),
      (list) => list.some((mail) => mail.to === c.email),
    );
    const mail = mails.find((x) => x.to === c.email)!;
    expect(mail.subject).toMatch(/^You're booked: Kettlebells, /);
    expect(mail.text).toContain('/access-control');
    expect(
      await kit.scalar(
        `select count(*)::int as n from booking_waitlist where slot_id = $1 and status = 'promoted' and notified_at is not null`,
        [slot._id],
      ),
    ).toBe(1);

    // A capacity raised by staff books the next in line.
    const raised = await kit.admin.call('PUT', `/api/booking-slot/${slot._id}`, { capacity: 3 });
    expect(raised.status).toBe(200);
    expect((await b.c.get('/api/portal/bookings')).body.upcoming).toEqual(
      expect.arrayContaining([expect.objectContaining({ slotId: slot._id, source: 'waitlist' })]),
    );
    expect(await liveCount(slot._id)).toBe(2);
  });

  it("another member's booking or place cannot be cancelled, and other organisations see nothing", async () => {
    const slot = await createClass(kit.admin, typeId, {
      days: 6,
      startTime: '12:00',
      endTime: '13:00',
      capacity: 1,
    });
    const [a, b] = kit.members;
    const seat = (await a!.c.call('POST', `/api/portal/classes/${slot._id}/book`)).body.data;
    await b!.c.call('POST', `/api/portal/classes/${slot._id}/waitlist`);
    expect((await b!.c.call('DELETE', `/api/portal/bookings/${seat._id}`)).status).toBe(404);
    expect((await kit.outsider.c.call('DELETE', `/api/portal/bookings/${seat._id}`)).status).toBe(404);
    expect((await kit.outsider.c.call('POST', `/api/portal/classes/${slot._id}/waitlist`)).status).toBe(404);
    expect((await kit.outsider.c.call('DELETE', `/api/portal/classes/${slot._id}/waitlist`)).status).toBe(
      404,
    );
    expect((await kit.intruder.get('/api/portal/classes', { from: dayFrom(6), days: 1 })).body.list).toEqual(
      [],
    );
    expect((await kit.outsider.c.get('/api/portal/bookings')).body).toEqual({ upcoming: [], waitlist: [] });
    expect(await liveCount(slot._id)).toBe(1);
    expect(
      await kit.scalar(
        `select count(*)::int as n from booking_waitlist where slot_id = $1 and status = 'waiting'`,
        [slot._id],
      ),
    ).toBe(1);
    expect((await a!.c.get(`/api/booking/${seat._id}`)).body.data.status).toBe('booked');
  });
});
