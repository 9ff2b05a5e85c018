import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../test/helpers.ts';
import {
  type Client,
  clientFor,
  createKit,
  createSlot,
  createType,
  type Kit,
  middayZone,
  pairKiosk,
  setPunchId,
  todayIn,
} from '../booking/booking.test-kit.ts';
import { punchIdCandidates } from './kiosk.service.ts';

// The organisation's day, in a zone where it is midday now: a class from 00:00 to 23:59 "today"
// holds the present moment at any hour in UTC.
const zone = middayZone();
const today = () => todayIn(zone);

describe(`kiosk calls with a device credential (${DB_KIND})`, () => {
  let kit: Kit;
  let kiosk: Client;
  let deviceId: string;
  let token: string;
  let typeId: string;
  let slotId: string;
  let staffContact: string;
  beforeAll(async () => {
    kit = await createKit({ timeZone: zone });
    ({ kiosk, deviceId, token } = await pairKiosk(kit));
    typeId = (await createType(kit.admin, { title: 'BJJ Fundamentals', programName: 'Jiu-Jitsu' }))._id;
    slotId = (await createSlot(kit.admin, typeId, { date: today(), startTime: '00:00', endTime: '23:59' }))
      ._id;
    staffContact = kit.org.members[kit.org.emails.employee!]!.contactId;
    await setPunchId(kit, kit.memberContactId, '1234');
    await setPunchId(kit, staffContact, 'CARD-0042');
  });
  afterAll(() => kit.t.close());

  it("answers its session, the default self check-in theme and the day's classes", async () => {
    const session = await kiosk.get('/api/kiosk/session');
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({
      device: { _id: deviceId, name: 'Front desk' },
      organization: { _id: kit.org.id },
    });
    const theme = await kiosk.get('/api/kiosk/theme');
    expect(theme.body).toEqual({ type: 'gradient', color: 'linear-gradient(45deg, #1E90FF, #87CEEB)' });
    const slots = await kiosk.get('/api/kiosk/slots', {
      startDate: today(),
      endDate: today(),
      type: 'class',
    });
    expect(slots.status).toBe(200);
    expect(slots.body.list).toEqual([
      expect.objectContaining({
        _id: slotId,
        date: today(),
        startTime: '00:00',
        endTime: '23:59',
        attendedSlots: 0,
        bookingType: { _id: typeId, title: 'BJJ Fundamentals', program: { name: 'Jiu-Jitsu' } },
      }),
    ]);
    expect(
      (await kiosk.get('/api/kiosk/slots', { startDate: today(), endDate: today(), type: 'other' })).body
        .list,
    ).toEqual([]);
    const bad = await kiosk.get('/api/kiosk/slots', { startDate: 'today', endDate: today() });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('startDate');
  });

  it('finds a member by a zero-padded code, whether the punch id is stored padded or not', async () => {
    const found = await kiosk.get('/api/kiosk/contact-by-code/0000001234');
    expect(found.status).toBe(200);
    expect(found.body.contact).toMatchObject({
      _id: kit.memberContactId,
      currentRank: null,
      currentRankName: null,
      currentRankImage: null,
    });
    const member = found.body.contact;
    expect(member.name).toBe(member.fullName);
    expect(member.contactName).toBe(member.fullName);
    expect(member.displayName).toBe(member.name);
    expect(member.preferredName).toBe(member.firstName ?? member.name.split(' ')[0]);
    await setPunchId(kit, staffContact, '0000000077');
    expect((await kiosk.get('/api/kiosk/contact-by-code/0000000077')).body.contact._id).toBe(staffContact);
    await setPunchId(kit, staffContact, 'CARD-0042');
    // Card codes are padded like any other (the kiosk pads before asking); long ones are never cut.
    expect((await kiosk.get('/api/kiosk/contact-by-code/0CARD-0042')).body.contact._id).toBe(staffContact);
    await setPunchId(kit, staffContact, 'ABCDEFGHIJKL');
    expect((await kiosk.get('/api/kiosk/contact-by-code/ABCDEFGHIJKL')).body.contact._id).toBe(staffContact);
    expect((await kiosk.get('/api/kiosk/contact-by-code/CDEFGHIJKL')).body.contact).toBeNull();
    await setPunchId(kit, staffContact, 'CARD-0042');
    expect((await kiosk.get('/api/kiosk/contact-by-code/0000009999')).body).toEqual({ contact: null });
    const bad = await kiosk.get('/api/kiosk/contact-by-code/12');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('Invalid Code');
  });

  it("answers the contact's names and current rank under every field", async () => {
    const categoryId = '0190b000-0000-7000-8000-0000000000c1';
    const rankId = '0190b000-0000-7000-8000-0000000000a1';
    await kit.t.database.query(
      'insert into rank_categories (organization_id, id, name) values ($1, $2, $3)',
      [kit.org.id, categoryId, 'Belts'],
    );
    await kit.t.database.query(
      'insert into client_ranks (organization_id, id, category_id, name, image) values ($1, $2, $3, $4, $5)',
      [kit.org.id, rankId, categoryId, 'Blue Belt', '/files/blue.png'],
    );
    await kit.t.database.query(
      `update contacts set rank_id = $1, first_name = 'Ana', last_name = 'Silva', full_name = 'Ana <b>Silva</b>'
       where organization_id = $2 and id = $3`,
      [rankId, kit.org.id, staffContact],
    );
    await setPunchId(kit, staffContact, '4321');
    const { body } = await kiosk.get('/api/kiosk/contact-by-code/0000004321');
    expect(body.contact).toMatchObject({
      _id: staffContact,
      name: 'Ana <b>Silva</b>',
      fullName: 'Ana <b>Silva</b>',
      contactName: 'Ana <b>Silva</b>',
      firstName: 'Ana',
      lastName: 'Silva',
      preferredName: 'Ana',
      displayName: 'Ana <b>Silva</b>',
      currentRank: {
        name: 'Blue Belt',
        title: 'Blue Belt',
        label: 'Blue Belt',
        badgeImage: '/files/blue.png',
        image: '/files/blue.png',
      },
      currentRankName: 'Blue Belt',
      currentRankImage: '/files/blue.png',
    });
    const search = await kiosk.get('/api/kiosk/contacts/search', { q: 'ana <b>' });
    expect(search.body.list[0]).toMatchObject({
      _id: staffContact,
      currentRankName: 'Blue Belt',
      email: null,
    });
    await setPunchId(kit, staffContact, 'CARD-0042');
  });

  it('searches by name only, without e-mail or phone', async () => {
    const res = await kiosk.get('/api/kiosk/contacts/search', { q: 'client' });
    expect(res.status).toBe(200);
    expect(res.body.list.map((c: { _id: string }) => c._id)).toEqual([kit.memberContactId]);
    expect(res.body.list[0]).toMatchObject({ email: null, phone: null });
    expect((await kiosk.get('/api/kiosk/contacts/search', { q: 'cl' })).body.list).toHaveLength(1);
    // The member picked from the list: the contact panel shows their e-mail and phone.
    const picked = await kiosk.get(`/api/kiosk/contacts/${kit.memberContactId}`);
    expect(picked.status).toBe(200);
    expect(picked.body.contact).toMatchObject({ _id: kit.memberContactId, email: kit.org.emails.client });
    expect((await kit.intruder.get(`/api/kiosk/contacts/${kit.memberContactId}`)).status).toBe(401);
    const otherOrg = kit.other.members[kit.other.emails.admin!]!.contactId;
    expect((await kiosk.get(`/api/kiosk/contacts/${otherOrg}`)).status).toBe(404);
    expect((await kiosk.get('/api/kiosk/contacts/search', { q: '' })).status).toBe(400);
  });

  it('checks in once: a repeat leaves one booking and the count at +1', async () => {
    const first = await kiosk.call('POST', '/api/kiosk/check-in', { slotId, contactId: kit.memberContactId });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      message: 'Checked In',
      created: true,
      attendedSlots: 1,
      booking: {
        invitedUser: kit.memberContactId,
        bookingSlot: slotId,
        bookingType: typeId,
        status: 'completed',
        type: 'class',
        isDeleted: false,
      },
    });
    expect(Date.now() - Date.parse(first.body.booking.attendDate)).toBeLessThan(60_000);
    const again = await kiosk.call('POST', '/api/kiosk/check-in', { slotId, contactId: kit.memberContactId });
    expect(again.body).toMatchObject({
      message: 'Already checked in',
      created: false,
      attendedSlots: 1,
      booking: { _id: first.body.booking._id },
    });
    expect(
      await kit.scalar('select count(*)::int as n from bookings where slot_id = $1 and contact_id = $2', [
        slotId,
        kit.memberContactId,
      ]),
    ).toBe(1);
    expect(
      await kit.scalar(
        `select count(*)::int as n from contact_activities where contact_id = $1 and kind = 'check-in'`,
        [kit.memberContactId],
      ),
    ).toBe(1);
    // The contact's "Last Attended" moved to the check-in.
    const [attended] = await kit.sqlRows<{ at: Date | string }>(
      'select last_attended_at as at from contact_answers where contact_id = $1',
      [kit.memberContactId],
    );
    expect(Math.abs(Date.parse(String(new Date(attended!.at).toISOString())) - Date.now())).toBeLessThan(
      60_000,
    );
    // The admin sees it completed.
    const seen = await kit.admin.get('/api/booking', { slotId });
    expect(seen.body.list[0]).toMatchObject({ status: 'completed', source: 'kiosk' });
  });

  it('a booked member checking in completes their booking and counts it once', async () => {
    const booked = await kit.admin.call('POST', '/api/booking', {
      invitedUser: staffContact,
      bookingSlot: slotId,
    });
    const lookup = await kiosk.get('/api/kiosk/bookings', {
      slotId,
      contactId: staffContact,
      perPage: 400,
      page: 0,
    });
    expect(lookup.body.list.map((b: { _id: string }) => b._id)).toEqual([booked.body.data._id]);
    const res = await kiosk.call('POST', '/api/kiosk/check-in', { slotId, contactId: staffContact });
    expect(res.body).toMatchObject({
      created: true,
      attendedSlots: 2,
      booking: { _id: booked.body.data._id, status: 'completed' },
    });
    expect(
      (await kiosk.call('POST', '/api/kiosk/check-in', { slotId, contactId: staffContact })).body
        .attendedSlots,
    ).toBe(2);
    expect(
      await kit.scalar(
        'select count(*)::int as n from contact_answers where contact_id = $1 and last_attended_at is not null',
        [staffContact],
      ),
    ).toBe(1);
  });

  it('a full class refuses a new check-in and writes nothing', async () => {
    const slot = await createSlot(kit.admin, typeId, {
      date: today(),
      startTime: '07:00',
      endTime: '08:00',
      capacity: 1,
    });
    await kit.admin.call('POST', '/api/booking', { invitedUser: staffContact, bookingSlot: slot._id });
    const res = await kiosk.call('POST', '/api/kiosk/check-in', {
      slotId: slot._id,
      contactId: kit.memberContactId,
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('This class is full');
    expect(await kit.scalar('select count(*)::int as n from bookings where slot_id = $1', [slot._id])).toBe(
      1,
    );
    expect(await kit.scalar('select attended_slots as n from booking_slots where id = $1', [slot._id])).toBe(
      0,
    );
  });

  it('reaches only its own organisation, whatever the organization header says, and no admin call', async () => {
    const theirType = await createType(kit.intruder, { title: 'Theirs' });
    const theirSlot = await createSlot(kit.intruder, theirType._id, { date: today() });
    const theirContact = kit.other.members[kit.other.emails.admin!]!.contactId;
    await kit.t.database.query('update contacts set punch_id = $1 where id = $2', ['5555', theirContact]);
    // The kiosk also sends an organization header; naming another organisation changes nothing.
    const withHeader = clientFor(kit.t, { authorization: `Bearer ${token}`, organization: kit.other.id });
    expect((await withHeader.get('/api/kiosk/contact-by-code/0000005555')).body).toEqual({ contact: null });
    expect((await withHeader.get('/api/kiosk/session')).body.organization._id).toBe(kit.org.id);
    expect((await kiosk.get('/api/kiosk/contact-by-code/0000005555')).body).toEqual({ contact: null });
    const checkIn = await kiosk.call('POST', '/api/kiosk/check-in', {
      slotId: theirSlot._id,
      contactId: theirContact,
    });
    expect(checkIn.status).toBe(404);
    const slots = await kiosk.get('/api/kiosk/slots', { startDate: today(), endDate: today() });
    expect(slots.body.list.map((s: { _id: string }) => s._id)).not.toContain(theirSlot._id);
    expect(
      await kit.scalar('select count(*)::int as n from bookings where organization_id = $1', [kit.other.id]),
    ).toBe(0);
    for (const url of [
      '/api/booking-type',
      '/api/device-management',
      '/api/auth/session',
      '/api/organization/current',
    ]) {
      expect((await kiosk.get(url)).status, url).toBe(401);
    }
  });

  it('answers 401 on every kiosk call once its device is switched off or removed', async () => {
    const { kiosk: other, deviceId: otherId } = await pairKiosk(kit);
    const calls = () => [
      other.get('/api/kiosk/session'),
      other.get('/api/kiosk/theme'),
      other.get('/api/kiosk/slots', { startDate: today(), endDate: today() }),
      other.get('/api/kiosk/contact-by-code/0000001234'),
      other.get('/api/kiosk/contacts/search', { q: 'client' }),
      other.get('/api/kiosk/bookings', { slotId, contactId: kit.memberContactId }),
      other.call('POST', '/api/kiosk/check-in', { slotId, contactId: kit.memberContactId }),
    ];
    expect((await Promise.all(calls())).map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200, 200]);
    await kit.admin.call('PUT', `/api/device-management/${otherId}`, { isActive: false });
    expect((await Promise.all(calls())).map((r) => r.status)).toEqual([401, 401, 401, 401, 401, 401, 401]);
    await kit.admin.call('PUT', `/api/device-management/${otherId}`, { isActive: true });
    expect((await other.get('/api/kiosk/session')).status).toBe(200);
    await kit.admin.call('DELETE', `/api/device-management/${otherId}`);
    const after = await Promise.all(calls());
    expect(after.map((r) => r.status)).toEqual([401, 401, 401, 401, 401, 401, 401]);
    expect(after[0]!.body.error.code).toBe('UNAUTHENTICATED');
  });
});

describe('padded code candidates', () => {
  it('are the padded code and the code without some of its leading zeros', () => {
    expect(punchIdCandidates('1234')).toEqual([
      '0000001234',
      '000001234',
      '00001234',
      '0001234',
      '001234',
      '01234',
      '1234',
    ]);
    expect(punchIdCandidates('0CARD-0042')).toEqual(['0CARD-0042', 'CARD-0042']);
    expect(punchIdCandidates('ABCDEFGHIJKL')).toEqual(['ABCDEFGHIJKL']);
    expect(punchIdCandidates('00000000001')).toEqual(['00000000001']);
    expect(punchIdCandidates('0000000000')).toHaveLength(10);
  });
});
