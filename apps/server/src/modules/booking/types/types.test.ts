import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../../test/helpers.ts';
import { createKit, createType, type Kit } from '../booking.test-kit.ts';

describe(`booking types and groups (${DB_KIND})`, () => {
  let kit: Kit;
  beforeAll(async () => {
    kit = await createKit();
  });
  afterAll(() => kit.t.close());

  it('creates, lists, updates and deletes a booking type with the catalogue messages', async () => {
    const made = await kit.admin.call('POST', '/api/booking-type', {
      title: 'Muay Thai',
      programName: 'Striking',
      color: 'Tomato',
    });
    expect(made.status).toBe(200);
    expect(made.body.message).toBe('Booking type created');
    expect(made.body.data).toMatchObject({
      title: 'Muay Thai',
      label: 'Muay Thai',
      value: 'muay-thai',
      program: { name: 'Striking' },
      color: 'Tomato',
      colorHex: '#D50000',
      kind: 'class',
      durationMinutes: 60,
    });
    const id = made.body.data._id;
    const list = await kit.client.get('/api/booking-type');
    expect(list.status).toBe(200);
    expect(list.body.list.map((t: { _id: string }) => t._id)).toContain(id);

    // Editing a class needs the calendar permission, which an employee's default role only reads.
    const coach = await kit.employee.call('PUT', `/api/booking-type/${id}`, { label: 'Thai boxing' });
    expect(coach.status).toBe(403);
    const changed = await kit.admin.call('PUT', `/api/booking-type/${id}`, { label: 'Thai boxing' });
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe('Booking type updated');
    expect(changed.body.data).toMatchObject({ title: 'Muay Thai', label: 'Thai boxing', color: 'Tomato' });

    const gone = await kit.admin.call('DELETE', `/api/booking-type/${id}`);
    expect(gone.body).toEqual({ success: true, message: 'Booking type deleted' });
    expect(await kit.scalar('select count(*)::int as n from booking_types where id = $1', [id])).toBe(0);
  });

  it('refuses bad input with a 400 naming the field and writes nothing', async () => {
    const before = await kit.scalar('select count(*)::int as n from booking_types');
    for (const [body, field] of [
      [{ title: '' }, 'title'],
      [{ title: 'X', color: 'Pink' }, 'color'],
      [{ title: 'X', durationMinutes: 2 }, 'durationMinutes'],
      [{ title: 'X', kind: 'party' }, 'kind'],
    ] as const) {
      const res = await kit.admin.call('POST', '/api/booking-type', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toContain(field);
    }
    expect(await kit.scalar('select count(*)::int as n from booking_types')).toBe(before);
  });

  it('members cannot manage types, employees cannot delete, a type in use stays', async () => {
    const type = await createType(kit.admin, { title: 'Open Mat' });
    expect((await kit.client.call('POST', '/api/booking-type', { title: 'Mine' })).status).toBe(403);
    expect((await kit.client.call('PUT', `/api/booking-type/${type._id}`, { title: 'Mine' })).status).toBe(
      403,
    );
    expect((await kit.employee.call('DELETE', `/api/booking-type/${type._id}`)).status).toBe(403);
    await kit.admin.call('POST', '/api/booking-slot', {
      bookingTypeId: type._id,
      date: '2030-01-01',
      startTime: '10:00',
      endTime: '11:00',
    });
    const inUse = await kit.admin.call('DELETE', `/api/booking-type/${type._id}`);
    expect(inUse.status).toBe(409);
    expect(await kit.scalar('select count(*)::int as n from booking_types where id = $1', [type._id])).toBe(
      1,
    );
  });

  it("another organisation gets 404 on this organisation's types and groups and changes nothing", async () => {
    const type = await createType(kit.admin, { title: 'Kids BJJ' });
    const group = await kit.admin.call('POST', '/api/booking-group', {
      name: 'Kids',
      bookingTypeIds: [type._id],
    });
    expect(
      (await kit.intruder.call('PUT', `/api/booking-type/${type._id}`, { title: 'Hacked' })).status,
    ).toBe(404);
    expect((await kit.intruder.call('DELETE', `/api/booking-type/${type._id}`)).status).toBe(404);
    expect(
      (await kit.intruder.call('PUT', `/api/booking-group/${group.body.data._id}`, { name: 'x' })).status,
    ).toBe(404);
    expect((await kit.intruder.call('DELETE', `/api/booking-group/${group.body.data._id}`)).status).toBe(404);
    expect((await kit.intruder.get('/api/booking-type')).body.list).toEqual([]);
    // Their own group cannot point at our type either.
    const theirs = await kit.intruder.call('POST', '/api/booking-group', {
      name: 'X',
      bookingTypeIds: [type._id],
    });
    expect(theirs.status).toBe(404);
    expect(await kit.scalar(`select count(*)::int as n from booking_types where title = 'Hacked'`)).toBe(0);
    expect(
      await kit.scalar('select count(*)::int as n from booking_groups where organization_id = $1', [
        kit.other.id,
      ]),
    ).toBe(0);
  });

  it('booking groups: create with a random public slug, rename, change types, delete', async () => {
    const a = await createType(kit.admin, { title: 'Group A' });
    const b = await createType(kit.admin, { title: 'Group B' });
    const made = await kit.admin.call('POST', '/api/booking-group', {
      name: 'Trial classes',
      description: 'Try a class',
      bookingTypeIds: [a._id],
    });
    expect(made.status).toBe(200);
    expect(made.body.message).toBe('Booking group created');
    expect(made.body.data.slug).toMatch(/^[a-z0-9]{12}$/);
    expect(made.body.data.bookingTypes).toEqual([{ _id: a._id, title: 'Group A' }]);
    const id = made.body.data._id;
    const changed = await kit.admin.call('PUT', `/api/booking-group/${id}`, {
      name: 'Trials',
      bookingTypeIds: [a._id, b._id],
    });
    expect(changed.body.message).toBe('Booking group updated');
    expect(changed.body.data.bookingTypes).toHaveLength(2);
    expect(changed.body.data.slug).toBe(made.body.data.slug);
    const empty = await kit.admin.call('PUT', `/api/booking-group/${id}`, { bookingTypeIds: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toContain('bookingTypeIds');
    expect(
      (await kit.client.call('POST', '/api/booking-group', { name: 'x', bookingTypeIds: [a._id] })).status,
    ).toBe(403);
    const gone = await kit.admin.call('DELETE', `/api/booking-group/${id}`);
    expect(gone.body.message).toBe('Booking group deleted');
    expect(
      await kit.scalar('select count(*)::int as n from booking_group_types where group_id = $1', [id]),
    ).toBe(0);
  });
});
