import { addDaysToIsoDate, isoDateInZone } from '@opsuite/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../../test/helpers.ts';
import { createKit, createSlot, createType, type Kit } from '../booking.test-kit.ts';

const inDays = (n: number) => addDaysToIsoDate(isoDateInZone(Date.now(), 'UTC'), n);

describe(`public booking page (${DB_KIND})`, () => {
  let kit: Kit;
  let slug: string;
  let slotId: string;
  let groupId: string;
  beforeAll(async () => {
    kit = await createKit();
    const trial = await createType(kit.admin, {
      title: 'Trial class',
      description: 'Your first class is free.',
    });
    const hidden = await createType(kit.admin, { title: 'Members only' });
    slotId = (await createSlot(kit.admin, trial._id, { date: inDays(3), capacity: 2 }))._id;
    await createSlot(kit.admin, hidden._id, { date: inDays(3) });
    await createSlot(kit.admin, trial._id, { date: inDays(40) });
    const group = await kit.admin.call('POST', '/api/booking-group', {
      name: 'Free trial',
      bookingTypeIds: [trial._id],
    });
    slug = group.body.data.slug;
    groupId = group.body.data._id;
  });
  afterAll(() => kit.t.close());

  const page = () => kit.t.app.inject({ method: 'GET', url: `/api/public/booking-group/${slug}` });
  const book = (payload: object, ip = '10.1.1.1') =>
    kit.t.app.inject({
      method: 'POST',
      url: `/api/public/booking-group/${slug}/book`,
      payload,
      remoteAddress: ip,
    });

  it("shows the group's upcoming slots with seats left, the organisation and the booking theme", async () => {
    const res = await page();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.group).toMatchObject({ _id: groupId, name: 'Free trial', slug });
    expect(body.organization).toMatchObject({ name: kit.org.name, timeZone: 'UTC' });
    expect(body.theme).toEqual({ type: 'solid', color: 'orange' });
    expect(body.slots.map((s: { _id: string }) => s._id)).toEqual([slotId]);
    expect(body.slots[0]).toMatchObject({
      capacity: 2,
      remaining: 2,
      bookingType: { title: 'Trial class', description: 'Your first class is free.' },
    });
    expect(
      (await kit.t.app.inject({ method: 'GET', url: '/api/public/booking-group/nosuchlink1' })).statusCode,
    ).toBe(404);
  });

  it('books a visitor as a lead contact, de-duplicated by e-mail', async () => {
    const res = await book({
      slotId,
      name: 'Vera Visitor',
      email: 'Vera@Example.test',
      phone: '+1 555 010 2000',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: 'Booked Successfully', booking: { slotId } });
    const contacts = await kit.sqlRows<{
      id: string;
      full_name: string;
      first_name: string;
      email: string;
      type: string;
    }>(
      `select c.id, c.full_name, c.first_name, c.email, ct.type from contacts c
       join contact_types ct on ct.organization_id = c.organization_id and ct.id = c.contact_type_id
       where c.organization_id = $1 and lower(c.email) = 'vera@example.test'`,
      [kit.org.id],
    );
    expect(contacts).toEqual([
      expect.objectContaining({
        full_name: 'Vera Visitor',
        first_name: 'Vera',
        email: 'vera@example.test',
        type: 'lead',
      }),
    ]);
    // The new lead's lead source is "Online booking"; a contact that existed keeps none.
    const sourceOf = (email: string) =>
      kit.sqlRows<{ name: string | null }>(
        `select ls.name from contacts c left join lead_sources ls
           on ls.organization_id = c.organization_id and ls.id = c.lead_source_id
         where c.organization_id = $1 and lower(c.email) = $2`,
        [kit.org.id, email],
      );
    expect(await sourceOf('vera@example.test')).toEqual([{ name: 'Online booking' }]);
    const again = await book({ slotId, name: 'Vera V.', email: 'vera@example.test' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('You are already booked into this class');
    expect(
      await kit.scalar(`select count(*)::int as n from contacts where lower(email) = 'vera@example.test'`),
    ).toBe(1);
    // An existing contact with that e-mail is booked as themselves.
    const memberEmail = kit.org.emails.client!;
    expect((await book({ slotId, name: 'Someone', email: memberEmail })).statusCode).toBe(200);
    expect(await sourceOf(memberEmail.toLowerCase())).toEqual([{ name: null }]);
    expect(
      await kit.scalar('select count(*)::int as n from bookings where slot_id = $1 and contact_id = $2', [
        slotId,
        kit.memberContactId,
      ]),
    ).toBe(1);
    // The class is now full and leaves the page.
    expect((await page()).json().slots).toEqual([]);
    const full = await book({ slotId, name: 'Late Larry', email: 'larry@example.test' });
    expect(full.statusCode).toBe(409);
    expect(
      await kit.scalar(`select count(*)::int as n from contacts where email = 'larry@example.test'`),
    ).toBe(0);
  });

  it('refuses bad input with a 400 naming the field, and slots outside the group', async () => {
    const before = await kit.scalar('select count(*)::int as n from contacts');
    for (const [body, field] of [
      [{ slotId, name: '', email: 'a@b.test' }, 'name'],
      [{ slotId, name: 'A', email: 'not-an-email' }, 'email'],
      [{ slotId, name: 'A', email: 'a@b.test', phone: '12' }, 'phone'],
      [{ slotId: 'x', name: 'A', email: 'a@b.test' }, 'slotId'],
    ] as const) {
      const res = await book(body, '10.2.2.2');
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toContain(field);
    }
    const otherType = await createType(kit.admin, { title: 'Private' });
    const notInGroup = await createSlot(kit.admin, otherType._id, { date: inDays(2) });
    expect(
      (await book({ slotId: notInGroup._id, name: 'A', email: 'a@b.test' }, '10.2.2.2')).statusCode,
    ).toBe(409);
    expect(await kit.scalar('select count(*)::int as n from contacts')).toBe(before);
  });

  it('an inactive group has no page, and bookings are rate limited per address', async () => {
    for (let i = 0; i < 10; i++) await book({ slotId, name: 'Spam', email: `spam${i}@x.test` }, '10.3.3.3');
    const limited = await book({ slotId, name: 'Spam', email: 'spam@x.test' }, '10.3.3.3');
    expect(limited.statusCode).toBe(429);
    await kit.admin.call('PUT', `/api/booking-group/${groupId}`, { isActive: false });
    expect((await page()).statusCode).toBe(404);
  });
});
