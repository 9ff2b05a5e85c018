import { CHECK_IN_TEXT, checkInOpensText } from '@opsuite/shared/rules/booking-check-in';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../../test/helpers.ts';
import { createKit, createSlot, createType, type Kit, middayZone, todayIn } from '../booking.test-kit.ts';

// Staff taking attendance (PUT /booking/:id/attendance): an employee only for the classes they
// teach, "Checked In" and "Already checked in", the undo that takes Last Attended back, the
// contact's Activity, and the organisation's check-in rules.

// The organisation's day, in a zone where it is midday now: a class from 00:00 to 23:59 "today"
// holds the present moment at any hour in UTC.
const zone = middayZone();
const today = () => todayIn(zone);

describe(`taking attendance (${DB_KIND})`, () => {
  let kit: Kit;
  let typeId: string;
  let staffContact: string;
  const rules = (checkInRules: Record<string, unknown>) =>
    kit.admin.call('PUT', '/api/organization/current', { checkInRules });
  const paymentStatus = (status: string) =>
    kit.sqlRows('update contacts set payment_status = $1 where id = $2', [status, kit.memberContactId]);
  const book = async (slotId: string) => {
    const res = await kit.admin.call('POST', '/api/booking', {
      invitedUser: kit.memberContactId,
      bookingSlot: slotId,
    });
    expect(res.status).toBe(200);
    return res.body.data._id as string;
  };
  const mark = (who: Kit['admin'], id: string, status: string) =>
    who.call('PUT', `/api/booking/${id}/attendance`, { status });
  const activities = (kind: string) =>
    kit.scalar('select count(*)::int as n from contact_activities where contact_id = $1 and kind = $2', [
      kit.memberContactId,
      kind,
    ]);
  const lastAttended = async () => {
    const [row] = await kit.sqlRows<{ at: Date | string | null }>(
      'select last_attended_at as at from contact_answers where contact_id = $1',
      [kit.memberContactId],
    );
    return row?.at ? new Date(row.at).toISOString() : null;
  };

  beforeAll(async () => {
    kit = await createKit({ timeZone: zone });
    typeId = (await createType(kit.admin, { title: 'Open Mat' }))._id;
    staffContact = kit.org.members[kit.org.emails.employee!]!.contactId;
  });
  afterAll(() => kit.t.close());

  it('lets an employee take attendance only in the classes they teach (403 otherwise)', async () => {
    const theirs = await createSlot(kit.admin, typeId, {
      date: today(),
      startTime: '00:00',
      endTime: '23:59',
      instructorId: staffContact,
    });
    const others = await createSlot(kit.admin, typeId, {
      date: today(),
      startTime: '00:00',
      endTime: '23:58',
    });
    const notMine = await mark(kit.employee, await book(others._id), 'completed');
    expect(notMine.status).toBe(403);
    expect(notMine.body.error.message).toBe('You can only take attendance for the classes you teach');
    const mine = await mark(kit.employee, await book(theirs._id), 'completed');
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ message: 'Checked In', data: { status: 'completed' } });
    expect((await mark(kit.client, mine.body.data._id, 'booked')).status).toBe(403);
  });

  it('says Checked In, then Already checked in, and the undo takes Last Attended back', async () => {
    const slot = await createSlot(kit.admin, typeId, { date: today(), startTime: '00:00', endTime: '23:57' });
    const id = await book(slot._id);
    const before = await lastAttended();
    const checkIns = await activities('check-in');
    const first = await mark(kit.admin, id, 'completed');
    expect(first.body.message).toBe('Checked In');
    expect(await activities('check-in')).toBe(checkIns + 1);
    expect(await lastAttended()).not.toBe(before);
    const again = await mark(kit.admin, id, 'completed');
    expect(again.body.message).toBe('Already checked in');
    expect(await activities('check-in')).toBe(checkIns + 1);
    const undone = await mark(kit.admin, id, 'booked');
    expect(undone.body).toMatchObject({
      message: 'Booking updated',
      data: { status: 'booked', attendDate: null },
    });
    expect(await lastAttended()).toBe(before);
    expect(await activities('check-in.undone')).toBe(1);
  });

  it('refuses or warns about a frozen or past-due membership, per the organisation', async () => {
    const slot = await createSlot(kit.admin, typeId, { date: today(), startTime: '00:00', endTime: '23:56' });
    const id = await book(slot._id);
    await paymentStatus('frozen');
    expect((await rules({ membership: 'refuse' })).status).toBe(200);
    const refused = await mark(kit.admin, id, 'completed');
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(CHECK_IN_TEXT.frozen);
    await paymentStatus('past_due');
    await rules({ membership: 'warn' });
    const warned = await mark(kit.admin, id, 'completed');
    expect(warned.status).toBe(200);
    expect(warned.body).toMatchObject({ message: 'Checked In', warning: CHECK_IN_TEXT.pastDue });
    await rules({ membership: 'off' });
    await paymentStatus('none');
  });

  it('refuses outside the check-in window', async () => {
    await rules({ window: true, opensMinutesBefore: 30, closesMinutesAfter: 0 });
    const later = await createSlot(kit.admin, typeId, { date: '2030-05-06' });
    const early = await mark(kit.admin, await book(later._id), 'completed');
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe(checkInOpensText(30));
    const past = await createSlot(kit.admin, typeId, { date: '2020-01-06' });
    const late = await mark(kit.admin, await book(past._id), 'completed');
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe(CHECK_IN_TEXT.closed);
    await rules({ window: false });
  });

  it('puts admin check-ins (either route), their undo and reschedules on the Activity', async () => {
    const slot = await createSlot(kit.admin, typeId, { date: today(), startTime: '00:00', endTime: '23:55' });
    const other = await createSlot(kit.admin, typeId, {
      date: today(),
      startTime: '00:00',
      endTime: '23:54',
    });
    const id = await book(slot._id);
    const checkIns = await activities('check-in');
    const undone = await activities('check-in.undone');
    expect((await kit.admin.call('PUT', `/api/booking/${id}`, { status: 'completed' })).status).toBe(200);
    expect(await activities('check-in')).toBe(checkIns + 1);
    const rescheduleDone = await kit.admin.call('PUT', `/api/booking/${id}/reschedule`, {
      bookingSlot: other._id,
    });
    expect(rescheduleDone.status).toBe(409);
    expect((await kit.admin.call('PUT', `/api/booking/${id}`, { status: 'booked' })).status).toBe(200);
    expect(await activities('check-in.undone')).toBe(undone + 1);
    const moved = await kit.admin.call('PUT', `/api/booking/${id}/reschedule`, { bookingSlot: other._id });
    expect(moved.status).toBe(200);
    expect(await activities('booking.rescheduled')).toBe(1);
  });

  it("shows each attendee's membership status on the class's list", async () => {
    const slot = await createSlot(kit.admin, typeId, { date: today(), startTime: '00:00', endTime: '23:53' });
    await book(slot._id);
    const status = async () => {
      const list = await kit.employee.get('/api/booking', { slotId: slot._id });
      expect(list.status).toBe(200);
      return list.body.list[0].contact.membershipStatus;
    };
    expect(await status()).toBe('no_plan');
    await kit.sqlRows("update contacts set plan = 'Unlimited' where id = $1", [kit.memberContactId]);
    expect(await status()).toBe('active');
    await paymentStatus('past_due');
    expect(await status()).toBe('past_due');
    await paymentStatus('frozen');
    expect(await status()).toBe('frozen');
    await paymentStatus('none');
    await kit.sqlRows('update contacts set plan = null where id = $1', [kit.memberContactId]);
  });
});
