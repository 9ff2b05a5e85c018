import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND, signIn } from '../../../test/helpers.ts';
import { countsAgree, createKit, type Kit } from './contacts.test-kit.ts';

describe(`contacts bulk actions and single-purpose updates (${DB_KIND})`, () => {
  let k: Kit;
  let ids: string[];
  beforeAll(async () => {
    k = await createKit();
    ids = [];
    for (let i = 0; i < 4; i++) {
      ids.push((await k.admin.call('POST', '/api/contact/add', { fullName: `Bulk ${i}` })).body.data._id);
    }
  });
  afterAll(() => k.t.close());

  const field = (id: string, column: string) =>
    k.t.database
      .query<Record<string, unknown>>(`select ${column} as v from contacts where id = $1`, [id])
      .then((r) => r[0]?.v);

  it('mass-move changes the type or the stage of every chosen contact', async () => {
    const stage = (await k.admin.call('POST', '/api/stage/add', { name: 'Won' })).body.data._id;
    const byType = await k.admin.call('PUT', '/api/contact/mass-move', {
      ids: ids.slice(0, 2),
      contactTypeId: k.org.contactTypeIds.lead,
    });
    expect(byType.body).toEqual({ success: true, message: 'Contact moved', count: 2 });
    expect(await field(ids[0]!, 'contact_type_id')).toBe(k.org.contactTypeIds.lead);
    const byStage = await k.admin.call('PUT', '/api/contact/mass-move', { ids, stageId: stage });
    expect(byStage.body.count).toBe(4);
    expect(await field(ids[3]!, 'stage_id')).toBe(stage);
    const activity = await k.admin.call('GET', `/api/contact-activity/${ids[0]}`);
    expect(activity.body.list[0]).toMatchObject({ kind: 'contact.moved', title: 'Contact moved' });
  });

  it('mass-move refuses bad input and foreign ids, writing nothing', async () => {
    const both = await k.admin.call('PUT', '/api/contact/mass-move', {
      ids,
      contactTypeId: k.org.contactTypeIds.client,
      stageId: '0190aaaa-0000-7000-8000-000000000000',
    });
    expect(both.status).toBe(400);
    expect(both.body.error.message).toMatch(/^contactTypeId: /);
    const neither = await k.admin.call('PUT', '/api/contact/mass-move', { ids });
    expect(neither.status).toBe(400);
    const tooMany = await k.admin.call('PUT', '/api/contact/mass-move', {
      ids: Array.from({ length: 501 }, () => ids[0]),
      contactTypeId: k.org.contactTypeIds.client,
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.message).toMatch(/^ids: /);
    const foreign = (await k.intruder.call('POST', '/api/contact/add', { fullName: 'Foreign' })).body.data
      ._id;
    const mixed = await k.admin.call('PUT', '/api/contact/mass-move', {
      ids: [ids[2], foreign],
      contactTypeId: k.org.contactTypeIds.client,
    });
    expect(mixed.status).toBe(404);
    expect(await field(ids[2]!, 'contact_type_id')).toBeNull();
    const intruder = await k.intruder.call('PUT', '/api/contact/mass-move', {
      ids: [ids[2]],
      contactTypeId: k.other.contactTypeIds.client,
    });
    expect(intruder.status).toBe(404);
    expect(await field(ids[2]!, 'contact_type_id')).toBeNull();
  });

  it('bulk-add-tags-leadsource adds tags once and sets the lead source', async () => {
    const tag = (await k.admin.call('POST', '/api/tag/add', { name: 'Bulk' })).body.data._id;
    const source = (await k.admin.call('POST', '/api/lead-source/add', { name: 'Fair' })).body.data._id;
    const res = await k.admin.call('PUT', '/api/contact/bulk-add-tags-leadsource', {
      ids: ids.slice(0, 3),
      tagIds: [tag],
      leadSourceId: source,
    });
    expect(res.body).toEqual({ success: true, message: 'Tags and lead source added', count: 3 });
    const again = await k.admin.call('PUT', '/api/contact/bulk-add-tags-leadsource', {
      ids: ids.slice(0, 3),
      tagIds: [tag],
    });
    expect(again.status).toBe(200);
    expect(await k.scalar('select count(*)::int as n from contact_tags where tag_id = $1', [tag])).toBe(3);
    expect((await k.admin.call('GET', `/api/contact/getById/${ids[1]}`)).body).toMatchObject({
      leadSource: { _id: source, name: 'Fair' },
      tags: [{ _id: tag, name: 'Bulk', color: null }],
    });
    const foreignTag = (await k.intruder.call('POST', '/api/tag/add', { name: 'Theirs' })).body.data._id;
    const bad = await k.admin.call('PUT', '/api/contact/bulk-add-tags-leadsource', {
      ids: [ids[3]],
      tagIds: [foreignTag],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^tagIds: /);
    const empty = await k.admin.call('PUT', '/api/contact/bulk-add-tags-leadsource', { ids: [ids[3]] });
    expect(empty.status).toBe(400);
    expect(
      await k.scalar('select count(*)::int as n from contact_tags where contact_id = $1', [ids[3]]),
    ).toBe(0);
  });

  it('punchid sets, pads, clears and refuses one already in use', async () => {
    const set = await k.admin.call('PUT', '/api/contact/punchid', { contactId: ids[0], punchId: '1234' });
    expect(set.body).toMatchObject({ message: 'Punch ID updated', data: { punchId: '0000001234' } });
    const taken = await k.admin.call('PUT', '/api/contact/punchid', {
      contactId: ids[1],
      punchId: '0000001234',
    });
    expect(taken.status).toBe(409);
    expect(await field(ids[1]!, 'punch_id')).toBeNull();
    const same = await k.admin.call('PUT', '/api/contact/punchid', { contactId: ids[0], punchId: '1234' });
    expect(same.status).toBe(200);
    const cleared = await k.admin.call('PUT', '/api/contact/punchid', { contactId: ids[0], punchId: null });
    expect(cleared.body.data.punchId).toBeNull();
    expect(
      (await k.admin.call('PUT', '/api/contact/punchid', { contactId: ids[1], punchId: 'x y' })).status,
    ).toBe(400);
  });

  it('billing-address saves the address and names a bad field', async () => {
    const ok = await k.admin.call('PUT', `/api/contact/billing-address/${ids[0]}`, {
      street: '5 High St',
      city: 'Leeds',
      zip: 'LS1',
      country: 'UK',
    });
    expect(ok.body).toMatchObject({
      message: 'Billing address updated',
      data: { billingAddress: { street: '5 High St', city: 'Leeds', zip: 'LS1', country: 'UK' } },
    });
    const bad = await k.admin.call('PUT', `/api/contact/billing-address/${ids[0]}`, { zip: 'x'.repeat(30) });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^zip: /);
    expect(await field(ids[0]!, "billing_address->>'zip'")).toBe('LS1');
  });

  it('update-role changes the contact type and the member’s role with it', async () => {
    const clientContact = k.org.members[k.org.emails.client!]!.contactId;
    const res = await k.admin.call('PUT', '/api/contact/update-role', {
      contactId: clientContact,
      contactTypeId: k.org.contactTypeIds.lead,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Contact type updated',
      data: { contactType: { name: 'Lead' } },
    });
    const session = await signIn(k.t, k.org.emails.client!);
    const me = await k.t.app.inject({ method: 'GET', url: '/api/auth/session', headers: session.headers });
    expect(me.json().userData.curRole.contactTypeId.name).toBe('Lead');
    const own = await k.admin.call('PUT', '/api/contact/update-role', {
      contactId: k.org.members[k.org.emails.admin!]!.contactId,
      contactTypeId: k.org.contactTypeIds.lead,
    });
    expect(own.status).toBe(400);
    const byEmployee = await k.employee.call('PUT', '/api/contact/update-role', {
      contactId: clientContact,
      contactTypeId: k.org.contactTypeIds.client,
    });
    expect(byEmployee.status).toBe(403);
    const foreignType = await k.admin.call('PUT', '/api/contact/update-role', {
      contactId: ids[0],
      contactTypeId: k.other.contactTypeIds.client,
    });
    expect(foreignType.status).toBe(400);
    expect(foreignType.body.error.message).toMatch(/^contactTypeId: /);
  });

  it('counts stay equal to the rows through updates, mass actions and deletes', async () => {
    await k.admin.call('PUT', `/api/contact/update/${ids[0]}`, { paymentStatus: 'past_due' });
    await k.admin.call('PUT', `/api/contact/update/${ids[1]}`, { isFormer: true, status: 'inactive' });
    await k.admin.call('PUT', `/api/contact/update/${ids[1]}`, { fullName: 'Renamed only' });
    await k.admin.call('PUT', '/api/contact/mass-move', { ids, contactTypeId: k.org.contactTypeIds.client });
    await k.admin.call('DELETE', '/api/contact/delete', { source: 'bulk', ids: [ids[0], ids[2]] });
    const { kept, counted } = await countsAgree(k, k.org.id);
    expect(kept).toEqual(counted);
    expect(counted).toMatchObject({ former: 1, past_due: 0 });
    const answer = (await k.admin.call('GET', '/api/contact/get-total')).body;
    expect(answer).toEqual({ active: counted.active, former: 1, pastDue: 0, total: counted.total });
    const other = await countsAgree(k, k.other.id);
    expect(other.kept).toEqual(other.counted);
  });

  it('concurrent writes keep the counts exact and a punch id goes to one contact only', async () => {
    const adds = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        k.admin.call('POST', '/api/contact/add', {
          fullName: `Race ${i}`,
          isFormer: i % 3 === 0,
          paymentStatus: i % 4 === 0 ? 'past_due' : 'none',
        }),
      ),
    );
    expect(adds.every((r) => r.status === 200)).toBe(true);
    const raceIds = adds.map((r) => r.body.data._id as string);
    await Promise.all([
      k.admin.call('DELETE', '/api/contact/delete', { source: 'race', ids: raceIds.slice(0, 3) }),
      k.admin.call('PUT', '/api/contact/mass-move', {
        ids: raceIds.slice(3, 6),
        contactTypeId: k.org.contactTypeIds.lead,
      }),
      ...raceIds.slice(6).map((id) => k.admin.call('PUT', `/api/contact/update/${id}`, { isFormer: true })),
    ]);
    const { kept, counted } = await countsAgree(k, k.org.id);
    expect(kept).toEqual(counted);

    const claims = await Promise.all(
      raceIds
        .slice(6, 10)
        .map((contactId) => k.admin.call('PUT', '/api/contact/punchid', { contactId, punchId: '5150' })),
    );
    expect(claims.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    expect(await k.scalar(`select count(*)::int as n from contacts where punch_id = '0000005150'`)).toBe(1);
  });
});
