import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../../test/helpers.ts';
import { addContact, countsAgree, createKit, type Kit, mergeContacts } from '../contacts.test-kit.ts';
import { contactHooksOf, ofDuplicates, registerContactHooks } from '../hooks.ts';

const WEEK = '?startOfWeek=2025-06-01&endOfWeek=2025-06-07';
const TEST_MODULE = 'merge-test';

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
    // Its module's hook moves its rows, as every module's does; a clash on its unique key is left
    // unsettled on purpose.
    registerContactHooks(k.t.app, TEST_MODULE, {
      tables: { test_bookings: ['contact_id'] },
      async merge(tx, set) {
        await tx.execute(sql`update test_bookings set contact_id = ${set.primaryId}
          where organization_id = ${set.orgId} and ${ofDuplicates(set, sql`contact_id`)}`);
      },
    });
  });
  afterAll(async () => {
    // The stand-in module's hooks were this test app's own: they leave with it.
    await k.t.close();
  });

  const add = (body: Record<string, unknown>) => addContact(k, body);
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
      phone: '+15550001111',
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
  const merge = (primaryId: string, duplicateIds: string[]) => mergeContacts(k, primaryId, duplicateIds);
  const rows = <T>(text: string, params?: unknown[]) => k.t.database.query<T>(text, params);

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

  it('keeps one open work session and one staff record of two employees', async () => {
    const types = (await k.admin.call('GET', '/api/contact-type/get')).body.list;
    const contactTypeId = types.find((t: { type: string }) => t.type === 'employee')._id;
    const primary = await add({ fullName: 'Clock Keep', contactTypeId });
    const dup = await add({ fullName: 'Clock Dup', contactTypeId });
    for (const [contactId, started] of [
      [primary, '2025-06-03T09:00:00Z'],
      [dup, '2025-06-03T08:00:00Z'],
    ]) {
      await k.t.database.query(
        `insert into work_histories (organization_id, id, contact_id, start_at)
         select organization_id, gen_random_uuid(), id, $2 from contacts where id = $1`,
        [contactId, started],
      );
      await k.t.database.query(
        `insert into staff_members (organization_id, contact_id)
         select organization_id, id from contacts where id = $1 on conflict do nothing`,
        [contactId],
      );
    }
    expect((await merge(primary, [dup])).status).toBe(200);
    const open = 'select count(*)::int as n from work_histories where contact_id = $1 and end_at is null';
    expect(await k.scalar(open, [primary])).toBe(1);
    const ended =
      'select count(*)::int as n from work_histories where contact_id = $1 and end_at is not null and auto_ended';
    expect(await k.scalar(ended, [primary])).toBe(1);
    expect(
      await k.scalar('select count(*)::int as n from staff_members where contact_id = any($1)', [
        [primary, dup],
      ]),
    ).toBe(1);
  });

  /** Every module's hooks but this test's. */
  const moduleHooks = () => contactHooksOf(k.t.app.services).filter(([name]) => name !== TEST_MODULE);

  it('every table pointing at contacts is claimed by exactly one module’s hooks, each of its contact columns too', async () => {
    const refs = await rows<{ table_name: string; column_name: string }>(
      `select distinct r.relname as table_name, a.attname as column_name
       from pg_constraint f
       join pg_class r on r.oid = f.conrelid
       join pg_namespace n on n.oid = r.relnamespace and n.nspname = 'public'
       cross join lateral unnest(f.conkey) k(attnum)
       join pg_attribute a on a.attrelid = f.conrelid and a.attnum = k.attnum and a.attname <> 'organization_id'
       where f.contype = 'f' and f.confrelid = 'public.contacts'::regclass and r.relname not like 'test\\_%'
       order by 1, 2`,
    );
    expect(refs.length).toBeGreaterThan(10);
    const owners = (table: string) => moduleHooks().filter(([, h]) => table in h.tables);
    expect(
      refs
        .filter((r) => owners(r.table_name).length !== 1)
        .map((r) => `${r.table_name}: ${owners(r.table_name).length}`),
    ).toEqual([]);
    expect(
      refs
        .filter((r) => !owners(r.table_name)[0]![1].tables[r.table_name]!.includes(r.column_name))
        .map((r) => `${r.table_name}.${r.column_name}`),
    ).toEqual([]);
    const claimed = moduleHooks().flatMap(([, h]) =>
      Object.entries(h.tables).flatMap(([t, cols]) => cols.map((c) => `${t}.${c}`)),
    );
    const found = refs.map((r) => `${r.table_name}.${r.column_name}`);
    expect(claimed.filter((c) => !found.includes(c))).toEqual([]);
  });

  it('every unique key over a column pointing at contacts is settled by the hooks of the module that claims its table', async () => {
    const keys = await rows<{ table_name: string; key: string }>(
      `select distinct r.relname as table_name, r.relname || '.' || i.relname as key
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
       order by 2`,
    );
    const settledBy = (table: string) =>
      Object.keys(moduleHooks().find(([, h]) => table in h.tables)?.[1].uniqueKeys ?? {});
    expect(keys.filter((r) => !settledBy(r.table_name).includes(r.key)).map((r) => r.key)).toEqual([]);
    const settled = moduleHooks().flatMap(([, h]) => Object.keys(h.uniqueKeys ?? {}));
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
