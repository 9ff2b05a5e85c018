import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../../test/helpers.ts';
import { createKit, type Kit } from '../contacts.test-kit.ts';

describe(`contact settings: tags, lead sources, stages, ranks, types, fields (${DB_KIND})`, () => {
  let k: Kit;
  beforeAll(async () => {
    k = await createKit();
  });
  afterAll(() => k.t.close());

  const names = (body: { list: { name: string }[] }) => body.list.map((x) => x.name);

  it('tags: add, list, rename, refuse duplicates and bad colours, delete (taking it off contacts)', async () => {
    const add = await k.admin.call('POST', '/api/tag/add', { name: 'Morning', color: '#abc' });
    expect(add.status).toBe(200);
    expect(add.body.message).toBe('Tag added');
    const id = add.body.data._id;
    const dup = await k.admin.call('POST', '/api/tag/add', { name: 'MORNING' });
    expect(dup.status).toBe(409);
    expect(dup.body.error.message).toBe('A tag with this name already exists');
    const bad = await k.admin.call('POST', '/api/tag/add', { name: 'Evening', color: 'blue' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^color: /);
    const empty = await k.admin.call('POST', '/api/tag/add', { name: ' ' });
    expect(empty.body.error.message).toMatch(/^name: /);
    const nothing = await k.admin.call('PUT', `/api/tag/update/${id}`, {});
    expect(nothing.status).toBe(400);
    const renamed = await k.admin.call('PUT', `/api/tag/update/${id}`, { name: 'Early' });
    expect(renamed.body).toMatchObject({ message: 'Tag updated', data: { name: 'Early', color: '#abc' } });
    expect(names((await k.admin.call('GET', '/api/tag/get')).body)).toEqual(['Early']);

    const contact = await k.admin.call('POST', '/api/contact/add', { fullName: 'Tagged', tags: [id] });
    expect(contact.body.data.tags).toHaveLength(1);
    const del = await k.admin.call('DELETE', `/api/tag/delete/${id}`);
    expect(del.body).toEqual({ success: true, message: 'Tag deleted' });
    expect((await k.admin.call('GET', `/api/contact/getById/${contact.body.data._id}`)).body.tags).toEqual(
      [],
    );
    expect((await k.admin.call('DELETE', `/api/tag/delete/${id}`)).status).toBe(404);
  });

  it('lead sources: add, rename, delete clears them on contacts', async () => {
    const add = await k.admin.call('POST', '/api/lead-source/add', { name: 'Walk-in' });
    expect(add.body.message).toBe('Lead source added');
    const id = add.body.data._id;
    const c = await k.admin.call('POST', '/api/contact/add', { fullName: 'Sourced', leadSourceId: id });
    expect(c.body.data.leadSource).toEqual({ _id: id, name: 'Walk-in' });
    const up = await k.admin.call('PUT', `/api/lead-source/update/${id}`, { name: 'Walk in' });
    expect(up.body.data.name).toBe('Walk in');
    expect(names((await k.admin.call('GET', '/api/lead-source/get')).body)).toEqual(['Walk in']);
    expect((await k.admin.call('DELETE', `/api/lead-source/delete/${id}`)).body.message).toBe(
      'Lead source deleted',
    );
    const after = await k.admin.call('GET', `/api/contact/getById/${c.body.data._id}`);
    expect(after.body).toMatchObject({ leadSourceId: null, leadSource: null });
  });

  it('stages: added in order, reordered, deleted', async () => {
    const ids: string[] = [];
    for (const name of ['New', 'Trial', 'Member']) {
      ids.push((await k.admin.call('POST', '/api/stage/add', { name })).body.data._id);
    }
    expect(names((await k.admin.call('GET', '/api/stage/get')).body)).toEqual(['New', 'Trial', 'Member']);
    const re = await k.admin.call('PUT', '/api/stage/reorder', { ids: [ids[2], ids[0]] });
    expect(re.status).toBe(200);
    expect(re.body.message).toBe('Stage order updated');
    expect(names(re.body)).toEqual(['Member', 'New', 'Trial']);
    expect(re.body.list.map((s: { sortOrder: number }) => s.sortOrder)).toEqual([0, 1, 2]);
    const foreign = (await k.intruder.call('POST', '/api/stage/add', { name: 'Theirs' })).body.data._id;
    const bad = await k.admin.call('PUT', '/api/stage/reorder', { ids: [ids[1], foreign] });
    expect(bad.status).toBe(400);
    expect(names((await k.admin.call('GET', '/api/stage/get')).body)).toEqual(['Member', 'New', 'Trial']);
    const dup = await k.admin.call('PUT', '/api/stage/reorder', { ids: [ids[1], ids[1]] });
    expect(dup.status).toBe(400);
    const c = await k.admin.call('POST', '/api/contact/add', { fullName: 'Staged', stageId: ids[1] });
    expect(c.body.data.stage).toEqual({ _id: ids[1], name: 'Trial' });
    expect((await k.admin.call('DELETE', `/api/stage/delete/${ids[1]}`)).body.message).toBe('Stage deleted');
    expect((await k.admin.call('GET', `/api/contact/getById/${c.body.data._id}`)).body.stageId).toBeNull();
  });

  it('progressions: categories with ordered ranks, shown as the contact’s current rank', async () => {
    const cat = await k.admin.call('POST', '/api/rank-category/add', { name: 'Karate' });
    expect(cat.body.message).toBe('Rank category added');
    const catId = cat.body.data._id;
    const white = await k.admin.call('POST', '/api/client-ranks/add', { categoryId: catId, name: 'White' });
    const yellow = await k.admin.call('POST', '/api/client-ranks/add', {
      categoryId: catId,
      name: 'Yellow',
      image: 'https://img.test/y.png',
    });
    expect(white.body.message).toBe('Rank added');
    expect(yellow.body.data).toMatchObject({ name: 'Yellow', sortOrder: 1, categoryName: 'Karate' });
    expect(names((await k.admin.call('GET', '/api/rank-category/get')).body)).toEqual(['Karate']);
    const renamed = await k.admin.call('PUT', `/api/rank-category/update/${catId}`, { name: 'Karate Kids' });
    expect(renamed.body).toMatchObject({ message: 'Rank category updated', data: { name: 'Karate Kids' } });
    const info = await k.admin.call('GET', `/api/rank-category/category_rank_info/${catId}`);
    expect(info.body.ranks.map((r: { name: string }) => r.name)).toEqual(['White', 'Yellow']);
    const c = await k.admin.call('POST', '/api/contact/add', {
      fullName: 'Ranked',
      rankId: yellow.body.data._id,
    });
    expect(c.body.data.currentRank).toEqual({
      _id: yellow.body.data._id,
      rankName: 'Yellow',
      rankImage: 'https://img.test/y.png',
      categoryId: catId,
      categoryName: 'Karate Kids',
    });
    const up = await k.admin.call('PUT', `/api/client-ranks/update/${yellow.body.data._id}`, {
      name: 'Gold',
    });
    expect(up.body).toMatchObject({ message: 'Rank Updated', data: { name: 'Gold' } });
    const badCat = await k.admin.call('POST', '/api/client-ranks/add', {
      categoryId: (await k.intruder.call('POST', '/api/rank-category/add', { name: 'X' })).body.data._id,
      name: 'Sneaky',
    });
    expect(badCat.status).toBe(400);
    expect(badCat.body.error.message).toMatch(/^categoryId: /);
    const list = await k.admin.get('/api/client-ranks/get', { categoryId: catId });
    expect(names(list.body)).toEqual(['White', 'Gold']);
    expect(
      (await k.admin.call('DELETE', `/api/client-ranks/delete/${white.body.data._id}`)).body.message,
    ).toBe('Rank deleted');
    expect((await k.admin.call('DELETE', `/api/rank-category/delete/${catId}`)).status).toBe(200);
    expect(
      (await k.admin.call('GET', `/api/contact/getById/${c.body.data._id}`)).body.currentRank,
    ).toBeNull();
    expect(names((await k.admin.call('GET', '/api/client-ranks/get')).body)).toEqual([]);
  });

  it('contact types: system ones renamed but never deleted; custom ones added and deleted by admins', async () => {
    const list = await k.admin.call('GET', '/api/contact-type/get');
    expect(names(list.body)).toEqual([
      'Primary Account Holder',
      'Admin',
      'Employee',
      'Client',
      'Vendor',
      'Lead',
    ]);
    const clientId = k.org.contactTypeIds.client;
    const rename = await k.admin.call('PUT', `/api/contact-type/update/${clientId}`, { name: 'Member' });
    expect(rename.body).toMatchObject({
      message: 'Contact type updated',
      data: { name: 'Member', isSystem: true },
    });
    expect((await k.admin.call('DELETE', `/api/contact-type/delete/${clientId}`)).status).toBe(400);
    const reserved = await k.admin.call('POST', '/api/contact-type/add', { name: 'Boss', type: 'admin' });
    expect(reserved.status).toBe(400);
    expect(reserved.body.error.message).toMatch(/^type: /);
    const byEmployee = await k.employee.call('POST', '/api/contact-type/add', { name: 'Student' });
    expect(byEmployee.status).toBe(403);
    const add = await k.admin.call('POST', '/api/contact-type/add', { name: 'Student' });
    expect(add.body.data).toMatchObject({ name: 'Student', type: 'custom', isSystem: false });
    const id = add.body.data._id;
    const holder = await k.admin.call('POST', '/api/contact/add', {
      fullName: 'Student One',
      contactTypeId: id,
    });
    expect((await k.admin.call('DELETE', `/api/contact-type/delete/${id}`)).status).toBe(409);
    await k.admin.call('DELETE', '/api/contact/delete', { source: 'test', ids: [holder.body.data._id] });
    const del = await k.admin.call('DELETE', `/api/contact-type/delete/${id}`);
    expect(del.body).toEqual({ success: true, message: 'Contact type deleted' });
    expect(await k.scalar('select count(*)::int as n from contact_types where id = $1', [id])).toBe(0);
  });

  it('contact fields: built-in columns, custom fields, settings of value, order and width', async () => {
    const first = await k.admin.call('GET', '/api/contact-field/get');
    expect(first.body.list[0]).toMatchObject({ key: 'fullName', value: 'Full Name', isSystem: true });
    const again = await k.admin.call('GET', '/api/contact-field/get');
    expect(again.body.list).toHaveLength(first.body.list.length);
    const add = await k.admin.call('POST', '/api/contact-field/add', {
      value: 'Belt size',
      fieldType: 'select',
      options: ['S', 'M'],
    });
    expect(add.body).toMatchObject({
      message: 'Contact field added',
      data: { value: 'Belt size', isSystem: false },
    });
    const noOptions = await k.admin.call('POST', '/api/contact-field/add', {
      value: 'Bad',
      fieldType: 'select',
    });
    expect(noOptions.status).toBe(400);
    expect(noOptions.body.error.message).toMatch(/^options: /);
    const fieldId = add.body.data._id;
    const c = await k.admin.call('POST', '/api/contact/add', {
      fullName: 'Custom',
      customFields: { [fieldId]: 'M' },
    });
    expect(c.body.data.customFields).toEqual({ [fieldId]: 'M' });
    const badKey = await k.admin.call('POST', '/api/contact/add', {
      fullName: 'Custom Bad',
      customFields: { '0190aaaa-0000-7000-8000-000000000000': 'x' },
    });
    expect(badKey.status).toBe(400);
    expect(badKey.body.error.message).toMatch(/^customFields: /);
    const up = await k.admin.call('PUT', `/api/contact-field/update/${fieldId}`, { width: 300 });
    expect(up.body).toMatchObject({ message: 'Contact field updated', data: { width: 300 } });
    const email = first.body.list.find((f: { key: string }) => f.key === 'email');
    const settings = await k.admin.call('PUT', '/api/contact-field/settings', {
      fields: [
        { _id: email._id, value: 'E-mail', sortOrder: 0, width: 260 },
        { _id: fieldId, sortOrder: 1 },
      ],
    });
    expect(settings.status).toBe(200);
    expect(settings.body.message).toBe('Value, Order and Width Updated');
    const byId = new Map(settings.body.list.map((f: { _id: string }) => [f._id, f]));
    expect(byId.get(email._id)).toMatchObject({ value: 'E-mail', sortOrder: 0, width: 260, key: 'email' });
    expect(byId.get(fieldId)).toMatchObject({ value: 'Belt size', sortOrder: 1, width: 300 });
    const foreignField = await k.admin.call('PUT', '/api/contact-field/settings', {
      fields: [{ _id: '0190aaaa-0000-7000-8000-000000000000', width: 100 }],
    });
    expect(foreignField.status).toBe(404);
    expect((await k.admin.call('DELETE', `/api/contact-field/delete/${email._id}`)).status).toBe(400);
    expect((await k.admin.call('DELETE', `/api/contact-field/delete/${fieldId}`)).body.message).toBe(
      'Contact field deleted',
    );
  });

  it('clients get 403, employees cannot delete, other organisations get 404 and change nothing', async () => {
    expect((await k.client.call('GET', '/api/tag/get')).status).toBe(403);
    expect((await k.client.call('POST', '/api/stage/add', { name: 'No' })).status).toBe(403);
    const tag = (await k.admin.call('POST', '/api/tag/add', { name: 'Keep' })).body.data._id;
    const stage = (await k.admin.call('POST', '/api/stage/add', { name: 'Keep' })).body.data._id;
    const cat = (await k.admin.call('POST', '/api/rank-category/add', { name: 'Keep' })).body.data._id;
    const rank = (await k.admin.call('POST', '/api/client-ranks/add', { categoryId: cat, name: 'Keep' })).body
      .data._id;
    const source = (await k.admin.call('POST', '/api/lead-source/add', { name: 'Keep' })).body.data._id;
    const field = (await k.admin.call('POST', '/api/contact-field/add', { value: 'Keep' })).body.data._id;
    expect((await k.employee.call('DELETE', `/api/tag/delete/${tag}`)).status).toBe(403);
    const attempts = [
      k.intruder.call('PUT', `/api/tag/update/${tag}`, { name: 'Taken' }),
      k.intruder.call('DELETE', `/api/tag/delete/${tag}`),
      k.intruder.call('PUT', `/api/stage/update/${stage}`, { name: 'Taken' }),
      k.intruder.call('DELETE', `/api/stage/delete/${stage}`),
      k.intruder.call('PUT', `/api/rank-category/update/${cat}`, { name: 'Taken' }),
      k.intruder.call('GET', `/api/rank-category/category_rank_info/${cat}`),
      k.intruder.call('DELETE', `/api/rank-category/delete/${cat}`),
      k.intruder.call('PUT', `/api/client-ranks/update/${rank}`, { name: 'Taken' }),
      k.intruder.call('DELETE', `/api/client-ranks/delete/${rank}`),
      k.intruder.call('PUT', `/api/lead-source/update/${source}`, { name: 'Taken' }),
      k.intruder.call('DELETE', `/api/lead-source/delete/${source}`),
      k.intruder.call('PUT', `/api/contact-field/update/${field}`, { value: 'Taken' }),
      k.intruder.call('DELETE', `/api/contact-field/delete/${field}`),
      k.intruder.call('PUT', `/api/contact-type/update/${k.org.contactTypeIds.client}`, { name: 'Taken' }),
    ];
    for (const res of await Promise.all(attempts)) expect(res.status).toBe(404);
    const kept = await k.scalar(
      `select (select count(*) from tags where name = 'Keep') + (select count(*) from stages where name = 'Keep')
        + (select count(*) from rank_categories where name = 'Keep') + (select count(*) from client_ranks where name = 'Keep')
        + (select count(*) from lead_sources where name = 'Keep') + (select count(*) from contact_fields where value = 'Keep')
        + (select count(*) from contact_types where name = 'Taken') * 100 as n`,
    );
    expect(kept).toBe(6);
  });
});
