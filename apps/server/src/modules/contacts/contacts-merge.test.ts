import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../test/helpers.ts';
import { countsAgree, createKit, type Kit } from './contacts.test-kit.ts';

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

  it('a conflicting record elsewhere fails the merge and changes nothing', async () => {
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
});
