import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../../test/helpers.ts';
import { countsAgree, createKit, type Kit } from '../contacts.test-kit.ts';
import { finished } from './import.test-kit.ts';

describe(`contact import (${DB_KIND})`, () => {
  let k: Kit;
  beforeAll(async () => {
    k = await createKit();
    await k.admin.call('POST', '/api/contact/add', { fullName: 'Saved Email', email: 'saved@import.test' });
    await k.admin.call('POST', '/api/contact/add', { fullName: 'Saved Phone', phone: '+1 555 777 0000' });
    await k.admin.call('POST', '/api/contact/add', { fullName: 'Saved Punch', punchId: '777' });
  });
  afterAll(() => k.t.close());

  it('answers the job at once, then imports in the background and reports every refused row', async () => {
    const rows = [
      {
        fullName: 'Ada Lovelace',
        email: 'Ada@Import.test',
        phone: '555-0100-001',
        tags: 'VIP; Imported',
        note: 'Met at fair',
      },
      {
        firstName: 'Bob',
        lastName: 'Stone',
        email: 'bob@import.test',
        leadSource: 'Fair',
        stage: 'New',
        contactType: 'Lead',
      },
      { email: 'noname@import.test' },
      { fullName: 'Bad Email', email: 'bob@' },
      { fullName: 'Bad Phone', phone: '12' },
      { fullName: 'Ada Again', email: 'ada@import.test' },
      { fullName: 'Same Phone', phone: '(555) 0100 001' },
      { fullName: 'Known Email', email: 'SAVED@import.test' },
      { fullName: 'Known Phone', phone: '15557770000' },
      { fullName: 'Wants Admin', contactType: 'Admin' },
      { fullName: 'Odd Type', contactType: 'Martian' },
      { fullName: 'Taken Punch', punchId: '777' },
      {
        fullName: 'Carol Punch',
        punchId: '12',
        status: 'inactive',
        paymentStatus: 'past due',
        birthday: '1990-02-03',
      },
      { fullName: 'Carol Twin', punchId: '0000000012' },
      { fullName: 'Bad Birthday', birthday: '02/03/1990' },
      'not an object',
    ];
    const post = await k.admin.call('POST', '/api/contact/import-contact-array', { rows, source: 'json' });
    expect(post.status).toBe(200);
    expect(post.body).toMatchObject({ status: 'processing', total: rows.length, processed: 0, created: 0 });
    const done = await finished(k.admin, post.body.jobId);
    expect(done.body).toMatchObject({
      status: 'success',
      source: 'json',
      total: 16,
      processed: 16,
      created: 3,
      duplicates: 4,
      rejected: 9,
      errorsPage: { page: 1, pageSize: 100, total: 13, hasMore: false },
    });
    const reasons = Object.fromEntries(
      done.body.errors.map((e: { row: number; reason: string }) => [e.row, e.reason]),
    );
    expect(reasons).toEqual({
      3: 'Full name is required',
      4: 'Please enter a valid email address: "bob@"',
      5: 'Please enter a valid phone number: "12"',
      6: 'Duplicate of row 1 (same email)',
      7: 'Duplicate of row 1 (same phone)',
      8: 'Duplicate of contact Saved Email (same email)',
      9: 'Duplicate of contact Saved Phone (same phone)',
      10: 'Contact type Admin cannot be given by an import',
      11: 'Unknown contact type: "Martian"',
      12: 'Punch ID 0000000777 is already used by contact Saved Punch',
      14: 'Punch ID 0000000012 is already used by row 13',
      15: 'Birthday must be a date (YYYY-MM-DD): "02/03/1990"',
      16: 'The row is not an object',
    });
    const dupOfRow = done.body.errors.find((e: { row: number }) => e.row === 6);
    expect(dupOfRow).toMatchObject({ kind: 'duplicate', duplicateOfRow: 1, contactId: null });
    const dupOfContact = done.body.errors.find((e: { row: number }) => e.row === 8);
    expect(dupOfContact.contactId).toMatch(/^[0-9a-f-]{36}$/);

    const list = (await k.admin.get('/api/contact/get', { search: 'import.test', pageSize: 50 })).body.list;
    const ada = list.find((c: { fullName: string }) => c.fullName === 'Ada Lovelace');
    expect(ada).toMatchObject({ email: 'ada@import.test', createdBy: k.admin.session.userId });
    expect(ada.tags.map((t: { name: string }) => t.name).sort()).toEqual(['Imported', 'VIP']);
    const bob = list.find((c: { fullName: string }) => c.fullName === 'Bob Stone');
    expect(bob).toMatchObject({
      leadSource: { name: 'Fair' },
      stage: { name: 'New' },
      contactType: { name: 'Lead', type: 'lead' },
    });
    const carol = (await k.admin.get('/api/contact/search-name', { q: 'carol punch' })).body.list[0];
    const carolFull = (await k.admin.call('GET', `/api/contact/getById/${carol._id}`)).body;
    expect(carolFull).toMatchObject({
      punchId: '0000000012',
      status: 'inactive',
      paymentStatus: 'past_due',
      birthday: '1990-02-03',
    });
    const notes = await k.admin.get(`/api/followup_note/get/${ada._id}`);
    expect(notes.body.list.map((n: { note: string }) => n.note)).toEqual(['Met at fair']);
    const timeline = await k.admin.call('GET', `/api/contact-activity/${ada._id}`);
    expect(timeline.body.list[0]).toMatchObject({ kind: 'contact.imported', title: 'Contact imported' });
    const { kept, counted } = await countsAgree(k, k.org.id);
    expect(kept).toEqual(counted);
    // Created rows leave the job's table; the refused ones stay as its report.
    expect(
      await k.scalar('select count(*)::int as n from import_job_rows where job_id = $1', [post.body.jobId]),
    ).toBe(13);
  });

  it('pages the refused rows and gives the latest job without an id', async () => {
    const rows = Array.from({ length: 30 }, (_, i) =>
      i % 3 === 0 ? { fullName: `Pager ${i}` } : { email: `x${i}@pager.test` },
    );
    const post = await k.admin.call('POST', '/api/contact/import-contact-array', { rows });
    const page2 = await finished(k.admin, post.body.jobId, { page: 2, pageSize: 7 });
    expect(page2.body).toMatchObject({
      created: 10,
      rejected: 20,
      errorsPage: { page: 2, pageSize: 7, total: 20, hasMore: true },
    });
    expect(page2.body.errors.map((e: { row: number }) => e.row)).toEqual([12, 14, 15, 17, 18, 20, 21]);
    const latest = await k.admin.get('/api/contact/import-status', { pageSize: 1 });
    expect(latest.body).toMatchObject({ jobId: post.body.jobId, status: 'success', errors: [{ row: 2 }] });
    expect((await k.intruder.get('/api/contact/import-status')).body).toMatchObject({
      status: 'idle',
      jobId: null,
      total: 0,
    });
  });

  it('takes the web client’s shape (contacts, fileName) and answers at its path too', async () => {
    const post = await k.employee.call('POST', '/api/contact/import-contact-array', {
      fileName: 'people.CSV',
      contacts: [{ fullName: 'Web Row', email: 'web@import.test' }],
    });
    expect(post.status).toBe(200);
    await finished(k.employee, post.body.jobId);
    const alias = await k.employee.call('GET', `/api/contact/import-contact-array/${post.body.jobId}`);
    expect(alias.body).toMatchObject({
      status: 'success',
      source: 'csv',
      fileName: 'people.CSV',
      created: 1,
    });
  });

  it('applies the options to every row and refuses options of another organisation', async () => {
    const tag = (await k.admin.call('POST', '/api/tag/add', { name: 'From options' })).body.data._id;
    const post = await k.admin.call('POST', '/api/contact/import-contact-array', {
      rows: [{ fullName: 'Opt One' }, { fullName: 'Opt Two', status: 'active' }],
      options: { tagIds: [tag], contactTypeId: k.org.contactTypeIds.client, status: 'inactive' },
    });
    await finished(k.admin, post.body.jobId);
    const found = (await k.admin.get('/api/contact/get', { tags: tag })).body.list;
    expect(
      found.map((c: { fullName: string; status: string }) => `${c.fullName}:${c.status}`).sort(),
    ).toEqual(['Opt One:inactive', 'Opt Two:active']);
    expect(found[0].contactType.type).toBe('client');
    const jobs = () =>
      k.scalar('select count(*)::int as n from import_jobs where organization_id = $1', [k.org.id]);
    const before = await jobs();
    const foreignTag = (await k.intruder.call('POST', '/api/tag/add', { name: 'Not yours' })).body.data._id;
    const bad = await k.admin.call('POST', '/api/contact/import-contact-array', {
      rows: [{ fullName: 'Never' }],
      options: { tagIds: [foreignTag] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^options.tagIds: /);
    const admin = await k.employee.call('POST', '/api/contact/import-contact-array', {
      rows: [{ fullName: 'Never' }],
      options: { contactTypeId: k.org.contactTypeIds.admin },
    });
    expect(admin.status).toBe(403);
    expect(await jobs()).toBe(before);
  });

  it('refuses an empty or oversized file and callers without the permission', async () => {
    const empty = await k.admin.call('POST', '/api/contact/import-contact-array', { rows: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe('rows: There are no rows to import');
    const none = await k.admin.call('POST', '/api/contact/import-contact-array', {});
    expect(none.status).toBe(400);
    const tooMany = await k.admin.call('POST', '/api/contact/import-contact-array', {
      rows: Array.from({ length: 100_001 }, () => ({})),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.message).toBe('rows: At most 100,000 rows at once');
    const client = await k.client.call('POST', '/api/contact/import-contact-array', {
      rows: [{ fullName: 'X' }],
    });
    expect(client.status).toBe(403);
  });

  it('another organisation cannot read a job', async () => {
    const post = await k.admin.call('POST', '/api/contact/import-contact-array', {
      rows: [{ fullName: 'Private' }],
    });
    await finished(k.admin, post.body.jobId);
    expect((await k.intruder.call('GET', `/api/contact/import-status/${post.body.jobId}`)).status).toBe(404);
    expect(
      (await k.intruder.call('GET', `/api/contact/import-contact-array/${post.body.jobId}`)).status,
    ).toBe(404);
  });
});
