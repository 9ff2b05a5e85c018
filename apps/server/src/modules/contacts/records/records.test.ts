import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../../test/helpers.ts';
import { withTenant } from '../../../db/tenant.ts';
import { createKit, type Kit } from '../contacts.test-kit.ts';
import { recordActivity } from '../index.ts';

describe(`contact records: notes, activities, family (${DB_KIND})`, () => {
  let k: Kit;
  let contactId: string;
  beforeAll(async () => {
    k = await createKit();
    contactId = (await k.admin.call('POST', '/api/contact/add', { fullName: 'Noted Person' })).body.data._id;
  });
  afterAll(() => k.t.close());

  it('follow-up notes: add, list newest first with paging, update, remove', async () => {
    const first = await k.admin.call('POST', '/api/followup_note/add', {
      contactId,
      note: 'Called, no answer',
    });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      message: 'Note added',
      data: { contactId, note: 'Called, no answer' },
    });
    await k.admin.call('POST', '/api/followup_note/add', {
      contactId,
      note: 'Booked a trial',
      followUpAt: '2030-01-01T09:00:00+01:00',
    });
    const page1 = await k.admin.get(`/api/followup_note/get/${contactId}`, { limit: 1 });
    expect(page1.body.list.map((n: { note: string }) => n.note)).toEqual(['Booked a trial']);
    expect(page1.body.list[0].followUpAt).toBe('2030-01-01T08:00:00.000Z');
    expect(page1.body.pagination).toEqual({ page: 1, limit: 1, hasMore: true });
    const page2 = await k.admin.get(`/api/followup_note/get/${contactId}`, { limit: 1, page: 2 });
    expect(page2.body.list.map((n: { note: string }) => n.note)).toEqual(['Called, no answer']);
    expect(page2.body.pagination.hasMore).toBe(false);

    const id = first.body.data._id;
    const up = await k.admin.call('PUT', `/api/followup_note/update/${id}`, { note: 'Called twice' });
    expect(up.body).toMatchObject({
      message: 'Note updated',
      data: { note: 'Called twice', followUpAt: null },
    });
    const blank = await k.admin.call('POST', '/api/followup_note/add', { contactId, note: '  ' });
    expect(blank.status).toBe(400);
    expect(blank.body.error.message).toMatch(/^note: /);
    const rm = await k.admin.call('DELETE', `/api/followup_note/remove/${id}`);
    expect(rm.body).toEqual({ success: true, message: 'Note removed' });
    expect((await k.admin.call('DELETE', `/api/followup_note/remove/${id}`)).status).toBe(404);
  });

  it('notes on another organisation’s contact are 404 and nothing is written', async () => {
    const before = await k.scalar('select count(*)::int as n from followup_notes');
    expect((await k.intruder.call('POST', '/api/followup_note/add', { contactId, note: 'Hi' })).status).toBe(
      404,
    );
    expect((await k.intruder.call('GET', `/api/followup_note/get/${contactId}`)).status).toBe(404);
    const mine = (await k.admin.call('POST', '/api/followup_note/add', { contactId, note: 'Mine' })).body.data
      ._id;
    expect(
      (await k.intruder.call('PUT', `/api/followup_note/update/${mine}`, { note: 'Theirs' })).status,
    ).toBe(404);
    expect((await k.intruder.call('DELETE', `/api/followup_note/remove/${mine}`)).status).toBe(404);
    expect(await k.scalar('select count(*)::int as n from followup_notes')).toBe(before + 1);
    expect((await k.client.call('GET', `/api/followup_note/get/${contactId}`)).status).toBe(403);
  });

  it('the activity timeline shows create, update and note activities, newest first, 10 per page', async () => {
    const id = (await k.admin.call('POST', '/api/contact/add', { fullName: 'Timeline' })).body.data._id;
    await k.admin.call('PUT', `/api/contact/update/${id}`, { plan: 'Silver' });
    await k.admin.call('POST', '/api/followup_note/add', { contactId: id, note: 'n' });
    for (let i = 0; i < 9; i++) await k.admin.call('PUT', `/api/contact/update/${id}`, { plan: `P${i}` });
    const page = await k.admin.call('GET', `/api/contact-activity/${id}`);
    expect(page.status).toBe(200);
    expect(page.body.list).toHaveLength(10);
    expect(page.body.pagination).toEqual({ page: 1, limit: 10, hasMore: true });
    const rest = await k.admin.get(`/api/contact-activity/${id}`, { page: 2 });
    expect(rest.body.list.map((a: { kind: string }) => a.kind)).toEqual([
      'contact.updated',
      'contact.created',
    ]);
    expect(rest.body.list[1]).toMatchObject({
      title: 'Contact created',
      actorUserId: k.admin.session.userId,
    });
    expect(page.body.list.map((a: { kind: string }) => a.kind)).toContain('note.added');
    expect((await k.intruder.call('GET', `/api/contact-activity/${id}`)).status).toBe(404);
    expect((await k.admin.get(`/api/contact-activity/${id}`, { limit: 1000 })).status).toBe(400);
  });

  it('recordActivity is skipped without a contact and falls back to the performer’s contact', async () => {
    const performer = k.org.members[k.org.emails.employee!]!.contactId;
    const ids = await withTenant(k.t.database.db, k.org.id, async (tx) => [
      await recordActivity(tx, { organizationId: k.org.id, kind: 'x.none', title: 'Nobody' }),
      await recordActivity(tx, {
        organizationId: k.org.id,
        performerContactId: performer,
        kind: 'x.performer',
        title: 'By performer',
      }),
    ]);
    expect(ids[0]).toBeNull();
    expect(ids[1]).toBeTruthy();
    const rows = await withTenant(k.t.database.db, k.org.id, (tx) =>
      tx.execute(sql`select contact_id from contact_activities where kind like 'x.%'`),
    );
    expect(rows.rows).toEqual([{ contact_id: performer }]);
  });

  it('family: empty without links or id, linked from both sides, one link per pair, removable', async () => {
    const parent = (await k.admin.call('POST', '/api/contact/add', { fullName: 'Pat Parent' })).body.data._id;
    const child = (await k.admin.call('POST', '/api/contact/add', { fullName: 'Kim Child' })).body.data._id;
    expect((await k.admin.call('GET', `/api/contact/family/${parent}`)).body).toEqual({ list: [] });
    expect((await k.admin.call('GET', '/api/contact/family')).body).toEqual({ list: [] });
    const link = await k.admin.call('POST', '/api/contact/family', {
      contactId: parent,
      memberContactId: child,
      relation: 'child',
    });
    expect(link.status).toBe(200);
    expect(link.body).toMatchObject({
      message: 'Family member added',
      data: { relation: 'child', contact: { _id: child, fullName: 'Kim Child' } },
    });
    const fromChild = await k.admin.call('GET', `/api/contact/family/${child}`);
    expect(fromChild.body.list.map((m: { contact: { _id: string } }) => m.contact._id)).toEqual([parent]);
    const reverse = await k.admin.call('POST', '/api/contact/family', {
      contactId: child,
      memberContactId: parent,
    });
    expect(reverse.status).toBe(409);
    const self = await k.admin.call('POST', '/api/contact/family', {
      contactId: child,
      memberContactId: child,
    });
    expect(self.status).toBe(400);
    expect(self.body.error.message).toMatch(/^memberContactId: /);
    const foreign = (await k.intruder.call('POST', '/api/contact/add', { fullName: 'Stranger' })).body.data
      ._id;
    expect(
      (await k.admin.call('POST', '/api/contact/family', { contactId: parent, memberContactId: foreign }))
        .status,
    ).toBe(404);
    expect((await k.intruder.call('GET', `/api/contact/family/${parent}`)).status).toBe(404);
    expect((await k.intruder.call('DELETE', `/api/contact/family/${link.body.data._id}`)).status).toBe(404);
    expect(await k.scalar('select count(*)::int as n from contact_family_links')).toBe(1);
    expect((await k.admin.call('DELETE', `/api/contact/family/${link.body.data._id}`)).body.message).toBe(
      'Family member removed',
    );
    expect((await k.admin.call('GET', `/api/contact/family/${parent}`)).body.list).toEqual([]);
  });
});
