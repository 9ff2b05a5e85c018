import { CHECK_IN_TEXT, checkInOpensText } from '@opsuite/shared/rules/booking-check-in';
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

// The organisation's check-in rules at the kiosk: a frozen or past-due membership refused (409
// with the kiosk's message) or only warned about, the check-in window, and a repeat that stays
// idempotent and says "Already checked in".

// The organisation's day, in a zone where it is midday now: a class from 00:00 to 23:59 "today"
// holds the present moment at any hour in UTC.
const zone = middayZone();
const today = () => todayIn(zone);

describe(`kiosk check-in rules (${DB_KIND})`, () => {
  let kit: Kit;
  let kiosk: Client;
  let typeId: string;
  const rules = (checkInRules: Record<string, unknown>) =>
    kit.admin.call('PUT', '/api/organization/current', { checkInRules });
  const paymentStatus = (status: string) =>
    kit.sqlRows('update contacts set payment_status = $1 where id = $2', [status, kit.memberContactId]);
  const checkIn = (slotId: string) =>
    kiosk.call('POST', '/api/kiosk/check-in', { slotId, contactId: kit.memberContactId });
  const todaysClass = async (endTime: string) =>
    (await createSlot(kit.admin, typeId, { date: today(), startTime: '00:00', endTime }))._id;

  beforeAll(async () => {
    kit = await createKit({ timeZone: zone });
    ({ kiosk } = await pairKiosk(kit));
    typeId = (await createType(kit.admin, { title: 'Muay Thai' }))._id;
  });
  afterAll(() => kit.t.close());

  it('refuses a frozen membership with a clear message and leaves no booking', async () => {
    const slotId = await todaysClass('23:59');
    await rules({ membership: 'refuse' });
    await paymentStatus('frozen');
    const refused = await checkIn(slotId);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(CHECK_IN_TEXT.frozen);
    expect(await kit.scalar('select count(*)::int as n from bookings where slot_id = $1', [slotId])).toBe(0);
    // The step-by-step kiosk calls hold the same rule.
    const made = await kiosk.call('POST', '/api/kiosk/bookings', {
      invitedUser: kit.memberContactId,
      bookingSlot: slotId,
      bookingType: typeId,
      status: 'completed',
      type: 'class',
      isDeleted: false,
    });
    expect(made.status).toBe(409);
    await paymentStatus('none');
    expect((await checkIn(slotId)).status).toBe(200);
  });

  it('only warns when the organisation chooses, and a repeat says Already checked in', async () => {
    const slotId = await todaysClass('23:58');
    await rules({ membership: 'warn' });
    await paymentStatus('past_due');
    const warned = await checkIn(slotId);
    expect(warned.status).toBe(200);
    expect(warned.body).toMatchObject({
      message: 'Checked In',
      created: true,
      warning: CHECK_IN_TEXT.pastDue,
    });
    await rules({ membership: 'refuse' });
    const again = await checkIn(slotId);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ message: 'Already checked in', created: false, attendedSlots: 1 });
    await paymentStatus('none');
    await rules({ membership: 'off' });
  });

  it('refuses outside the check-in window', async () => {
    await rules({ window: true, opensMinutesBefore: 45, closesMinutesAfter: 10 });
    const later = (await createSlot(kit.admin, typeId, { date: '2030-05-06' }))._id;
    const early = await checkIn(later);
    expect(early.status).toBe(409);
    expect(early.body.error.message).toBe(checkInOpensText(45));
    const past = (await createSlot(kit.admin, typeId, { date: '2020-01-06' }))._id;
    expect((await checkIn(past)).body.error.message).toBe(CHECK_IN_TEXT.closed);
    expect((await checkIn(await todaysClass('23:57'))).status).toBe(200);
    await rules({ window: false });
  });

  it("answers the member's membership status and the rule's outcome", async () => {
    const slotId = await todaysClass('23:56');
    await rules({ membership: 'warn' });
    await paymentStatus('frozen');
    const found = await kiosk.get(`/api/kiosk/contacts/${kit.memberContactId}`);
    expect(found.body.contact.membershipStatus).toBe('frozen');
    const warned = await checkIn(slotId);
    expect(warned.body.membership).toEqual({ status: 'frozen', outcome: 'warned' });
    await paymentStatus('none');
    await kit.sqlRows("update contacts set plan = 'Unlimited' where id = $1", [kit.memberContactId]);
    const again = await checkIn(slotId);
    expect(again.body.membership).toEqual({ status: 'active', outcome: 'allowed' });
    await kit.sqlRows('update contacts set plan = null where id = $1', [kit.memberContactId]);
    await rules({ membership: 'off' });
  });

  it('a new organisation warns about memberships and opens check-in an hour before a class', async () => {
    // The intruder's organisation is seeded as any new one, with no rules of its own.
    const settings = await kit.intruder.get('/api/organization/current');
    expect(settings.body.checkInRules ?? settings.body.data?.checkInRules).toEqual({
      membership: 'warn',
      window: true,
      opensMinutesBefore: 60,
      closesMinutesAfter: 0,
    });
  });
});
