import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../../test/helpers.ts';
import { countsAgree, createKit, type Kit } from '../contacts.test-kit.ts';

describe(`bulk creation: addBulk, addBulkLeads, contact-bulk-create, add-buyer (${DB_KIND})`, () => {
  let k: Kit;
  beforeAll(async () => {
    k = await createKit();
    await k.admin.call('POST', '/api/contact/add', {
      fullName: 'Already Here',
      email: 'here@bulk.test',
      phone: '555 000 1111',
    });
  });
  afterAll(() => k.t.close());

  it('addBulk creates the new rows and reports duplicates and refusals row by row', async () => {
    const res = await k.admin.call('POST', '/api/contact/addBulk', {
      contacts: [
        { fullName: 'Bulk One', email: 'one@bulk.test', tags: ['Bulk'] },
        { fullName: 'Bulk Two', phone: '+1 555 222 3333' },
        { fullName: 'One Again', email: 'ONE@bulk.test' },
        { fullName: 'Here Again', phone: '5550001111' },
        { fullName: 'No Email', email: 'nope' },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: '2 contacts added',
      created: 2,
      duplicates: 2,
      rejected: 1,
    });
    const here = (await k.admin.get('/api/contact/search-email', { q: 'here@bulk.test' })).body.list[0];
    expect(res.body.results).toEqual([
      { row: 1, outcome: 'created', contactId: expect.any(String), reason: null, duplicateOfRow: null },
      { row: 2, outcome: 'created', contactId: expect.any(String), reason: null, duplicateOfRow: null },
      {
        row: 3,
        outcome: 'duplicate',
        contactId: null,
        reason: 'Duplicate of row 1 (same email)',
        duplicateOfRow: 1,
      },
      {
        row: 4,
        outcome: 'duplicate',
        contactId: here._id,
        reason: 'Duplicate of contact Already Here (same phone)',
        duplicateOfRow: null,
      },
      {
        row: 5,
        outcome: 'rejected',
        contactId: null,
        reason: 'Please enter a valid email address: "nope"',
        duplicateOfRow: null,
      },
    ]);
    const one = (await k.admin.call('GET', `/api/contact/getById/${res.body.results[0].contactId}`)).body;
    expect(one).toMatchObject({
      fullName: 'Bulk One',
      tags: [{ name: 'Bulk' }],
      createdBy: k.admin.session.userId,
    });
    // The same call again finds everything saved.
    const again = await k.admin.call('POST', '/api/contact/contact-bulk-create', {
      rows: [{ fullName: 'Bulk One', email: 'one@bulk.test' }],
    });
    expect(again.body).toMatchObject({ created: 0, duplicates: 1, results: [{ contactId: one._id }] });
  });

  it('addBulkLeads makes every row a lead', async () => {
    const res = await k.employee.call('POST', '/api/contact/addBulkLeads', {
      rows: [{ fullName: 'Lead A', contactType: 'Client' }, { fullName: 'Lead B' }],
    });
    expect(res.body).toMatchObject({ message: '2 leads added', created: 2 });
    for (const r of res.body.results) {
      const c = (await k.admin.call('GET', `/api/contact/getById/${r.contactId}`)).body;
      expect(c.contactType).toMatchObject({ type: 'lead' });
    }
  });

  it('concurrent bulk calls with the same people create each person once', async () => {
    const rows = Array.from({ length: 40 }, (_, i) => ({
      fullName: `Race ${i}`,
      email: `race${i}@bulk.test`,
    }));
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => k.admin.call('POST', '/api/contact/addBulk', { rows })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(answers.reduce((n, a) => n + a.body.created, 0)).toBe(40);
    expect(
      await k.scalar(
        `select count(*)::int as n from contacts where email like 'race%@bulk.test' and deleted_at is null`,
      ),
    ).toBe(40);
    const { kept, counted } = await countsAgree(k, k.org.id);
    expect(kept).toEqual(counted);
  });

  it('add-buyer finds the saved contact or creates a client', async () => {
    const found = await k.admin.call('POST', '/api/contact/add-buyer', {
      fullName: 'Who',
      email: 'HERE@bulk.test',
    });
    expect(found.body).toMatchObject({ message: 'Buyer already exists', data: { fullName: 'Already Here' } });
    const made = await k.admin.call('POST', '/api/contact/add-buyer', {
      fullName: 'New Buyer',
      email: 'buyer@bulk.test',
    });
    expect(made.body).toMatchObject({
      message: 'Buyer added',
      data: { fullName: 'New Buyer', contactType: { type: 'client' } },
    });
    const bad = await k.admin.call('POST', '/api/contact/add-buyer', { email: 'x@bulk.test' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^fullName: /);
  });

  it('limits, permissions and other organisations', async () => {
    const tooMany = await k.admin.call('POST', '/api/contact/addBulk', {
      rows: Array.from({ length: 501 }, (_, i) => ({ fullName: `X${i}` })),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.message).toBe('rows: At most 500 rows at once');
    expect((await k.client.call('POST', '/api/contact/addBulk', { rows: [{ fullName: 'X' }] })).status).toBe(
      403,
    );
    // Another organisation's duplicates are not ours: the intruder creates its own contact.
    const theirs = await k.intruder.call('POST', '/api/contact/addBulk', {
      rows: [{ fullName: 'Mine', email: 'here@bulk.test' }],
    });
    expect(theirs.body.created).toBe(1);
    const foreignStage = (await k.intruder.call('POST', '/api/stage/add', { name: 'Theirs' })).body.data._id;
    const before = await k.scalar('select count(*)::int as n from contacts where organization_id = $1', [
      k.org.id,
    ]);
    const bad = await k.admin.call('POST', '/api/contact/addBulk', {
      rows: [{ fullName: 'Never' }],
      options: { stageId: foreignStage },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^options.stageId: /);
    expect(
      await k.scalar('select count(*)::int as n from contacts where organization_id = $1', [k.org.id]),
    ).toBe(before);
  });
});
