import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../test/helpers.ts';
import { createSlot, createType } from '../booking/booking.test-kit.ts';
import { countsAgree, createKit, type Kit } from './contacts.test-kit.ts';
import { MERGE_UNIQUE_KEYS } from './contacts-merge-conflicts.ts';

const cardYear = new Date().getUTCFullYear() + 3;
const card = (number: string) => ({ number, expMonth: 4, expYear: cardYear, cvc: '123' });
const WEEK = '?startOfWeek=2025-06-01&endOfWeek=2025-06-07';

function multipart(fileName: string, content: Buffer) {
  const boundary = `----merge${Date.now()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

describe(`merging duplicate contacts (${DB_KIND})`, () => {
  let k: Kit;
  beforeAll(async () => {
    k = await createKit();
    // Stands in for another module's table (bookings): it only has to point at a contact.
    await k.t.database.query(`create table test_bookings (
      organization_id uuid not null, id uuid not null, contact_id uuid not null, slot text not null,
      primary key (organization_id, id),
      unique (organization_id, contact_id, slot),
      foreign key (organization_id, contact_id) references contacts (organization_id, id))`);
    await k.t.database.query('select app_apply_tenant_security()');
  });
  afterAll(() => k.t.close());

  const add = async (body: Record<string, unknown>) =>
    (await k.admin.call('POST', '/api/contact/add', body)).body.data._id as string;
  const book = (contactId: string, slot: string) =>
    k.t.database.query('insert into test_bookings values ($1, gen_random_uuid(), $2, $3)', [
      k.org.id,
      contactId,
      slot,
    ]);

  it('keeps the primary’s values, fills gaps from duplicates and moves everything onto it', async () => {
    const tagA = (await k.admin.call('POST', '/api/tag/add', { name: 'A' })).body.data._id;
    const tagB = (await k.admin.call('POST', '/api/tag/add', { name: 'B' })).body.data._id;
    const relative = await add({ fullName: 'Relative' });
    const primary = await add({ fullName: 'Sam Primary', email: 'sam@x.test', tags: [tagA], plan: 'Gold' });
    const dup1 = await add({
      fullName: 'Sam Dup',
      email: 'other@x.test',
      phone: '555 000 1111',
      punchId: '77',
      tags: [tagA, tagB],
      plan: 'Silver',
      lastAttendedAt: '2025-01-01T00:00:00Z',
    });
    const dup2 = await add({
      fullName: 'S. Primary',
      birthday: '1990-02-03',
      lastAttendedAt: '2025-06-01T00:00:00Z',
    });
    await k.admin.call('POST', '/api/followup_note/add', { contactId: dup1, note: 'from dup1' });
    await k.admin.call('POST', '/api/followup_note/add', { contactId: primary, note: 'from primary' });
    for (const [a, b] of [
      [dup1, relative],
      [dup2, relative],
      [dup2, primary],
    ]) {
      await k.admin.call('POST', '/api/contact/family', {
        contactId: a,
        memberContactId: b,
        relation: 'sibling',
      });
    }
    await book(dup2, 'monday');
    const before = (await k.admin.call('GET', '/api/contact/get-total')).body.total;

    const res = await k.admin.call('POST', '/api/contact/merge', {
      primaryId: primary,
      duplicateIds: [dup1, dup2],
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Contacts merged successfully');
    expect(res.body.data).toMatchObject({
      _id: primary,
      fullName: 'Sam Primary',
      email: 'sam@x.test',
      plan: 'Gold',
      phone: '555 000 1111',
      punchId: '0000000077',
      birthday: '1990-02-03',
      lastAttendedAt: '2025-06-01T00:00:00.000Z',
    });
    expect(res.body.data.tags.map((t: { name: string }) => t.name)).toEqual(['A', 'B']);
    for (const id of [dup1, dup2])
      expect((await k.admin.call('GET', `/api/contact/getById/${id}`)).status).toBe(404);
    const notes = await k.admin.call('GET', `/api/followup_note/get/${primary}`);
    expect(notes.body.list.map((n: { note: string }) => n.note).sort()).toEqual([
      'from dup1',
      'from primary',
    ]);
    const family = await k.admin.call('GET', `/api/contact/family/${primary}`);
    expect(family.body.list.map((m: { contact: { _id: string } }) => m.contact._id)).toEqual([relative]);
    const activity = await k.admin.call('GET', `/api/contact-activity/${primary}`);
    expect(activity.body.list[0]).toMatchObject({
      kind: 'contact.merged',
      data: { mergedIds: [dup1, dup2] },
    });
    expect(activity.body.list.some((a: { kind: string }) => a.kind === 'note.added')).toBe(true);
    expect(
      await k.scalar('select count(*)::int as n from test_bookings where contact_id = $1', [primary]),
    ).toBe(1);
    expect((await k.admin.call('GET', '/api/contact/get-total')).body.total).toBe(before - 2);
    const { kept, counted } = await countsAgree(k, k.org.id);
    expect(kept).toEqual(counted);
  });

  it('an unknown unique key elsewhere that still clashes fails the merge and changes nothing', async () => {
    const primary = await add({ fullName: 'Conflict Keep' });
    const dup = await add({ fullName: 'Conflict Dup', phone: '555 222 3333' });
    await book(primary, 'friday');
    await book(dup, 'friday');
    const res = await k.admin.call('POST', '/api/contact/merge', { primaryId: primary, duplicateIds: [dup] });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('Failed to merge contacts');
    expect((await k.admin.call('GET', `/api/contact/getById/${dup}`)).status).toBe(200);
    expect((await k.admin.call('GET', `/api/contact/getById/${primary}`)).body.phone).toBeNull();
  });

  it('refuses bad input, members as duplicates, employees and other organisations', async () => {
    const a = await add({ fullName: 'Merge A' });
    const b = await add({ fullName: 'Merge B' });
    const self = await k.admin.call('POST', '/api/contact/merge', { primaryId: a, duplicateIds: [a] });
    expect(self.status).toBe(400);
    expect(self.body.error.message).toMatch(/^duplicateIds: /);
    const none = await k.admin.call('POST', '/api/contact/merge', { primaryId: a, duplicateIds: [] });
    expect(none.status).toBe(400);
    expect(none.body.error.message).toMatch(/^duplicateIds: /);
    const member = k.org.members[k.org.emails.client!]!.contactId;
    expect(
      (await k.admin.call('POST', '/api/contact/merge', { primaryId: a, duplicateIds: [member] })).status,
    ).toBe(400);
    expect(
      (await k.employee.call('POST', '/api/contact/merge', { primaryId: a, duplicateIds: [b] })).status,
    ).toBe(403);
    const foreign = (await k.intruder.call('POST', '/api/contact/add', { fullName: 'Foreign' })).body.data
      ._id;
    expect(
      (await k.admin.call('POST', '/api/contact/merge', { primaryId: a, duplicateIds: [foreign] })).status,
    ).toBe(404);
    expect(
      (await k.intruder.call('POST', '/api/contact/merge', { primaryId: foreign, duplicateIds: [a] })).status,
    ).toBe(404);
    expect(
      await k.scalar('select count(*)::int as n from contacts where id = any($1) and deleted_at is null', [
        [a, b],
      ]),
    ).toBe(2);
  });
  const merge = (primaryId: string, duplicateIds: string[]) =>
    k.admin.call('POST', '/api/contact/merge', { primaryId, duplicateIds });
  const rows = <T>(text: string, params?: unknown[]) => k.t.database.query<T>(text, params);

  it('keeps the kept contact’s default card and provider customer and moves the other cards', async () => {
    const primary = await add({ fullName: 'Card Keep' });
    const dup = await add({ fullName: 'Card Dup' });
    const cards = (id: string) => `/api/payment/cards/${id}`;
    const kept = await k.admin.call('POST', cards(primary), card('4242424242424242'));
    const other = await k.admin.call('POST', cards(dup), card('5555555555554444'));
    expect([kept.body.data.isDefault, other.body.data.isDefault]).toEqual([true, true]);
    const [customer] = await rows<{ customer_ref: string }>(
      'select customer_ref from payment_customers where contact_id = $1',
      [primary],
    );
    const [dupCustomer] = await rows<{ customer_ref: string }>(
      'select customer_ref from payment_customers where contact_id = $1',
      [dup],
    );

    const res = await merge(primary, [dup]);
    expect(res.status).toBe(200);
    const list = (await k.admin.call('GET', cards(primary))).body.list;
    expect(list.map((c: { _id: string; isDefault: boolean }) => [c._id, c.isDefault])).toEqual([
      [kept.body.data._id, true],
      [other.body.data._id, false],
    ]);
    expect(
      await rows('select contact_id, customer_ref from payment_customers where contact_id = any($1)', [
        [primary, dup],
      ]),
    ).toEqual([{ contact_id: primary, customer_ref: customer!.customer_ref }]);
    // The moved card stays attached to the duplicate's provider customer (payment-cards-merge.test.ts).
    expect(
      await rows('select id, customer_ref from payment_cards where contact_id = $1 order by created_at', [
        primary,
      ]),
    ).toEqual([
      { id: kept.body.data._id, customer_ref: customer!.customer_ref },
      { id: other.body.data._id, customer_ref: dupCustomer!.customer_ref },
    ]);
  });

  it('a duplicate’s default card and customer move over when the kept contact has none', async () => {
    const primary = await add({ fullName: 'No Card Keep' });
    const dup = await add({ fullName: 'No Card Dup' });
    const made = await k.admin.call('POST', `/api/payment/cards/${dup}`, card('4242424242424242'));
    expect((await merge(primary, [dup])).status).toBe(200);
    const list = (await k.admin.call('GET', `/api/payment/cards/${primary}`)).body.list;
    expect(list).toMatchObject([{ _id: made.body.data._id, contactId: primary, isDefault: true }]);
    expect(
      await k.scalar('select count(*)::int as n from payment_customers where contact_id = $1', [primary]),
    ).toBe(1);
  });

  it('the kept contact takes the duplicate’s contract and past-due invoice, and its plan and status follow', async () => {
    const primary = await add({ fullName: 'Billing Keep' });
    const dup = await add({ fullName: 'Billing Dup' });
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    await k.admin.call('POST', `/api/contact-contract/${dup}`, {
      title: 'Gold',
      startDate: day(-40),
      amountCents: 9900,
      billingInterval: 'monthly',
    });
    await k.admin.call('POST', `/api/contact-invoice/${dup}`, {
      description: 'Last month',
      amountCents: 9900,
      dueDate: day(-5),
    });
    expect((await merge(primary, [dup])).status).toBe(200);
    const kept = (await k.admin.call('GET', `/api/contact/getById/${primary}`)).body;
    expect(kept).toMatchObject({ plan: 'Gold', paymentStatus: 'past_due' });
    const { kept: counts, counted } = await countsAgree(k, k.org.id);
    expect(counts).toEqual(counted);
  });

  it('two bookings of one class slot become one, a completed one first, and the slot counts follow', async () => {
    const type = await createType(k.admin, { title: 'Merge class' });
    const slotA = await createSlot(k.admin, type._id, { capacity: 10 });
    const slotB = await createSlot(k.admin, type._id, { capacity: 10, startTime: '19:00', endTime: '20:00' });
    const primary = await add({ fullName: 'Booked Keep' });
    const dup = await add({ fullName: 'Booked Dup' });
    const book = async (contactId: string, slotId: string) =>
      (await k.admin.call('POST', '/api/booking', { invitedUser: contactId, bookingSlot: slotId })).body.data
        ._id as string;
    const keptA = await book(primary, slotA._id);
    const dupA = await book(dup, slotA._id);
    const keptB = await book(primary, slotB._id);
    const dupB = await book(dup, slotB._id);
    expect((await k.admin.call('PUT', `/api/booking/${dupA}`, { status: 'completed' })).status).toBe(200);
    const counts = (id: string) =>
      rows('select booked_count, attended_slots from booking_slots where id = $1', [id]).then((r) => r[0]);
    expect(await counts(slotA._id)).toEqual({ booked_count: 2, attended_slots: 1 });

    expect((await merge(primary, [dup])).status).toBe(200);
    const live = await rows<{ id: string; contact_id: string; status: string }>(
      'select id, contact_id, status from bookings where id = any($1) and not is_deleted order by slot_id = $2 desc',
      [[keptA, dupA, keptB, dupB], slotA._id],
    );
    expect(live).toEqual([
      { id: dupA, contact_id: primary, status: 'completed' },
      { id: keptB, contact_id: primary, status: 'booked' },
    ]);
    expect(await counts(slotA._id)).toEqual({ booked_count: 1, attended_slots: 1 });
    expect(await counts(slotB._id)).toEqual({ booked_count: 1, attended_slots: 0 });
  });

  it('joins two lists of shifts for one week and moves the duplicate’s files', async () => {
    const types = (await k.admin.call('GET', '/api/contact-type/get')).body.list;
    const contactTypeId = types.find((t: { type: string }) => t.type === 'employee')._id;
    const primary = await add({ fullName: 'Shift Keep', contactTypeId });
    const dup = await add({ fullName: 'Shift Dup', contactTypeId });
    const shift = (contactId: string, day: number, name: string) =>
      k.admin.call('PUT', `/api/contact/update-shifts${WEEK}`, {
        contactId,
        shifts: [
          { shiftName: name, startDate: `2025-06-0${day}T09:00:00Z`, endDate: `2025-06-0${day}T12:00:00Z` },
        ],
      });
    expect((await shift(primary, 3, 'Keep')).status).toBe(200);
    expect((await shift(dup, 2, 'Dup')).status).toBe(200);
    const upload = multipart('notes.txt', Buffer.from('moved along'));
    const file = await k.t.app.inject({
      method: 'POST',
      url: `/api/contact-file/${dup}`,
      headers: { ...k.admin.session.headers, 'content-type': upload.contentType },
      payload: upload.payload,
    });
    expect(file.statusCode).toBe(200);

    expect((await merge(primary, [dup])).status).toBe(200);
    const week = await k.admin.get('/api/contact/shifts', {
      startOfWeek: '2025-06-01',
      endOfWeek: '2025-06-07',
      contactId: primary,
    });
    expect(week.body.list[0].shifts.map((s: { shiftName: string }) => s.shiftName)).toEqual(['Dup', 'Keep']);
    expect(await k.scalar('select count(*)::int as n from contact_shifts where contact_id = $1', [dup])).toBe(
      0,
    );
    const files = (await k.admin.call('GET', `/api/contact-file/${primary}`)).body.list;
    expect(files).toMatchObject([{ _id: file.json().data._id, contactId: primary, fileName: 'notes.txt' }]);
    const download = await k.t.app.inject({
      method: 'GET',
      url: files[0].url,
      headers: k.admin.session.headers,
    });
    expect(download.body).toBe('moved along');
  });

  it('every unique key over a column pointing at contacts is settled by the merge', async () => {
    const keys = await rows<{ key: string }>(
      `select distinct r.relname || '.' || i.relname as key
       from pg_constraint f
       join pg_class r on r.oid = f.conrelid
       join pg_namespace n on n.oid = r.relnamespace and n.nspname = 'public'
       cross join lateral unnest(f.conkey) k(attnum)
       join pg_attribute a on a.attrelid = f.conrelid and a.attnum = k.attnum and a.attname <> 'organization_id'
       join pg_index x on x.indrelid = r.oid and x.indisunique
       join pg_class i on i.oid = x.indexrelid
       where f.contype = 'f' and f.confrelid = 'public.contacts'::regclass and r.relname not like 'test\\_%'
         and (a.attnum = any(x.indkey::int2[])
              or coalesce(pg_get_expr(x.indexprs, x.indrelid), '') like '%' || a.attname || '%')
       order by 1`,
    );
    const settled = Object.keys(MERGE_UNIQUE_KEYS);
    expect(keys.map((r) => r.key).filter((key) => !settled.includes(key))).toEqual([]);
    const existing = await rows<{ key: string }>(
      `select r.relname || '.' || i.relname as key from pg_index x
       join pg_class r on r.oid = x.indrelid join pg_class i on i.oid = x.indexrelid
       where x.indisunique and r.relname || '.' || i.relname = any($1)`,
      [settled],
    );
    expect(existing.map((r) => r.key).sort()).toEqual([...settled].sort());
  });
});
