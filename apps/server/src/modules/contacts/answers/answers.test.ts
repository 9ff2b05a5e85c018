import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../../test/helpers.ts';
import { createKit, type Kit } from '../contacts.test-kit.ts';

// Contact answers are written as JSON by PostgreSQL (contactAnswerSql) and the list sends that
// text as it is. These check every field of such an answer, nested ones included, against what
// the contact was given, and that every read (list, by id, by ids, export's source) agrees.

describe(`contact answers written by the database (${DB_KIND})`, () => {
  let k: Kit;
  beforeAll(async () => {
    k = await createKit();
  });
  afterAll(() => k.t.close());

  it('carries every field, nested objects and awkward text the same through every read', async () => {
    const post = async (url: string, body: unknown) => (await k.admin.call('POST', url, body)).body.data;
    const zebra = await post('/api/tag/add', { name: 'zebra', color: '#00ff00' });
    const alpha = await post('/api/tag/add', { name: 'Alpha "A"', color: null });
    const stage = await post('/api/stage/add', { name: 'Trial' });
    const source = await post('/api/lead-source/add', { name: 'Walk-in' });
    const category = await post('/api/rank-category/add', { name: 'Karate' });
    const rank = await post('/api/client-ranks/add', {
      categoryId: category._id,
      name: 'Blue',
      image: 'https://img.test/blue.png',
    });
    const field = await post('/api/contact-field/add', { value: 'Belt size', fieldType: 'text' });
    const awkward = 'Zoë "Ace" O\'Brien\\ <b>\u2028 \u{1F94B}';
    const full = await post('/api/contact/add', {
      fullName: awkward,
      firstName: 'Zoë',
      lastName: "O'Brien",
      email: 'zoe@example.test',
      phone: '+44 20 7946 0000',
      contactTypeId: k.org.contactTypeIds.client,
      stageId: stage._id,
      leadSourceId: source._id,
      rankId: rank._id,
      tags: [zebra._id, alpha._id],
      punchId: '77',
      billingAddress: { street: '1 "Quoted" St', city: 'Leeds', zip: 'LS1' },
      birthday: '2001-02-03',
      lastAttendedAt: '2025-03-04T05:06:07.089Z',
      lastContactedAt: '2025-04-05T06:07:08Z',
      paymentStatus: 'frozen',
      plan: 'Gold',
      stopSms: true,
      customFields: { [field._id]: 'M "medium"' },
    });
    expect(full).toEqual({
      _id: expect.any(String),
      fullName: awkward,
      firstName: 'Zoë',
      lastName: "O'Brien",
      email: 'zoe@example.test',
      phone: '+442079460000',
      photo: null,
      status: 'active',
      isFormer: false,
      contactTypeId: k.org.contactTypeIds.client,
      contactType: { _id: k.org.contactTypeIds.client, name: 'Client', type: 'client' },
      stageId: stage._id,
      stage: { _id: stage._id, name: 'Trial' },
      leadSourceId: source._id,
      leadSource: { _id: source._id, name: 'Walk-in' },
      rankId: rank._id,
      currentRank: {
        _id: rank._id,
        rankName: 'Blue',
        rankImage: 'https://img.test/blue.png',
        categoryId: category._id,
        categoryName: 'Karate',
      },
      tags: [
        { _id: alpha._id, name: 'Alpha "A"', color: null },
        { _id: zebra._id, name: 'zebra', color: '#00ff00' },
      ],
      punchId: '0000000077',
      billingAddress: { street: '1 "Quoted" St', city: 'Leeds', zip: 'LS1' },
      birthday: '2001-02-03',
      lastAttendedAt: '2025-03-04T05:06:07.089Z',
      lastContactedAt: '2025-04-05T06:07:08.000Z',
      paymentStatus: 'frozen',
      plan: 'Gold',
      stopSms: true,
      customFields: { [field._id]: 'M "medium"' },
      userId: null,
      createdBy: k.admin.session.userId,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    const bare = await post('/api/contact/add', { fullName: 'Bare Minimum' });
    expect(bare).toMatchObject({
      contactTypeId: null,
      contactType: null,
      stage: null,
      leadSource: null,
      currentRank: null,
      tags: [],
      billingAddress: null,
      birthday: null,
      lastAttendedAt: null,
      lastContactedAt: null,
      customFields: {},
    });

    const list = await k.admin.get('/api/contact/get', { pageSize: 5 });
    expect(list.status).toBe(200);
    const listed = (id: string) => list.body.list.find((c: { _id: string }) => c._id === id);
    const byIds = await k.admin.get('/api/contact/get-multi-by-id', { ids: `${full._id},${bare._id}` });
    for (const answer of [full, bare]) {
      expect(listed(answer._id)).toEqual(answer);
      expect((await k.admin.get(`/api/contact/getById/${answer._id}`)).body).toEqual(answer);
      expect(byIds.body.list.find((c: { _id: string }) => c._id === answer._id)).toEqual(answer);
    }
    // Newest first, and the cursor of a page walks on from its last row.
    expect(list.body.list[0]._id).toBe(bare._id);
    const first = await k.admin.get('/api/contact/get', { pageSize: 1 });
    expect(first.body.pagination).toMatchObject({ page: 0, pageSize: 1, hasMore: true });
    const second = await k.admin.get('/api/contact/get', {
      pageSize: 1,
      cursor: first.body.pagination.nextCursor,
    });
    expect(second.body.list[0]._id).toBe(full._id);
  });
});
