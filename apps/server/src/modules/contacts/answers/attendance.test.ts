import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../../test/helpers.ts';
import { createKit, type Kit } from '../contacts.test-kit.ts';
import { finished } from '../import/import.test-kit.ts';

/*
 * Last Attended lives in contact_answers (migration 0020), one row per contact: made by the
 * contacts' insert trigger whoever writes the contact, set by edits and check-ins, gone with a
 * hard delete, and read back in every answer and in the list's Last Attended order.
 */
describe(`Last Attended kept beside contacts (${DB_KIND})`, () => {
  let k: Kit;

  beforeAll(async () => {
    k = await createKit();
  });
  afterAll(() => k.t.close());

  const rowsWithout = () =>
    k.scalar(
      `select count(*)::int as n from contacts c where not exists (select 1 from contact_answers a
         where a.organization_id = c.organization_id and a.contact_id = c.id)`,
    );

  it('every way of creating contacts gives each one row, and a hard delete removes it', async () => {
    const one = (await k.admin.call('POST', '/api/contact/add', { fullName: 'Att One' })).body.data._id;
    const bulk = await k.admin.call('POST', '/api/contact/addBulk', {
      rows: [{ fullName: 'Att Bulk 1' }, { fullName: 'Att Bulk 2' }],
    });
    expect(bulk.body.created).toBe(2);
    const post = await k.admin.call('POST', '/api/contact/import-contact-array', {
      rows: [{ fullName: 'Att Imported 1' }, { fullName: 'Att Imported 2' }],
    });
    expect((await finished(k.admin, post.body.jobId)).body.created).toBe(2);
    expect(await rowsWithout()).toBe(0);
    expect(
      await k.scalar('select count(*)::int as n from contact_answers where contact_id = $1', [one]),
    ).toBe(1);

    await k.t.database.query('delete from contacts where id = $1', [one]);
    expect(
      await k.scalar('select count(*)::int as n from contact_answers where contact_id = $1', [one]),
    ).toBe(0);
  });

  it('an edit sets and clears it, and the answer and the Last Attended order read it', async () => {
    const add = async (fullName: string, lastAttendedAt?: string) =>
      (await k.admin.call('POST', '/api/contact/add', { fullName, lastAttendedAt })).body.data;
    const early = await add('Att Early', '2025-02-01T08:00:00Z');
    const late = await add('Att Late', '2025-03-01T08:00:00Z');
    expect(early.lastAttendedAt).toBe('2025-02-01T08:00:00.000Z');

    const moved = await k.admin.call('PUT', `/api/contact/update/${early._id}`, {
      lastAttendedAt: '2025-04-01T08:00:00Z',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data.lastAttendedAt).toBe('2025-04-01T08:00:00.000Z');
    const order = async () =>
      (await k.admin.get('/api/contact/get', { ratingType: 1, pageSize: 2 })).body.list.map(
        (c: { fullName: string }) => c.fullName,
      );
    expect(await order()).toEqual(['Att Early', 'Att Late']);

    const cleared = await k.admin.call('PUT', `/api/contact/update/${early._id}`, { lastAttendedAt: null });
    expect(cleared.body.data.lastAttendedAt).toBeNull();
    expect((await order())[0]).toBe('Att Late');
    expect((await k.admin.get(`/api/contact/getById/${late._id}`)).body.lastAttendedAt).toBe(
      '2025-03-01T08:00:00.000Z',
    );
  });

  it('another organisation cannot read or move these rows', async () => {
    const mine = (await k.admin.call('POST', '/api/contact/add', { fullName: 'Att Mine' })).body.data._id;
    const res = await k.intruder.call('PUT', `/api/contact/update/${mine}`, {
      lastAttendedAt: '2025-05-01T00:00:00Z',
    });
    expect([403, 404]).toContain(res.status);
    expect(
      await k.scalar(
        'select count(*)::int as n from contact_answers where contact_id = $1 and last_attended_at is null',
        [mine],
      ),
    ).toBe(1);
  });
});
