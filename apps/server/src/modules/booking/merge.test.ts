import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../test/helpers.ts';
import { addContact, createKit, type Kit, mergeContacts } from '../contacts/contacts.test-kit.ts';
import { createSlot, createType } from './booking.test-kit.ts';

// Booking's part of a contact merge (merge.ts): one booking per class slot, and the slot's counts.

describe(`merging contacts with bookings (${DB_KIND})`, () => {
  let k: Kit;
  beforeAll(async () => {
    k = await createKit();
  });
  afterAll(() => k.t.close());

  const add = (body: Record<string, unknown>) => addContact(k, body);
  const merge = (primaryId: string, duplicateIds: string[]) => mergeContacts(k, primaryId, duplicateIds);
  const rows = <T>(text: string, params?: unknown[]) => k.t.database.query<T>(text, params);

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
});
