import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../test/helpers.ts';
import { type Client, createKit, type Kit } from './contacts.test-kit.ts';

// Wrong-organisation cases, one table: another organisation's admin with this organisation's ids
// (or this organisation's admin with the other's option ids) is answered 404, 400 or a list that
// holds nothing of the other side, and neither organisation's rows change.

/** The tables a contacts call may write, as one fingerprint per table for one organisation. */
const TABLES = [
  'contacts',
  'contact_tags',
  'tags',
  'lead_sources',
  'stages',
  'contact_types',
  'contact_fields',
  'client_ranks',
  'rank_categories',
  'role_assignments',
];

// biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field with expect().
type Res = { status: number; body: any };
type Ids = Record<
  'contact' | 'tag' | 'leadSource' | 'stage' | 'category' | 'rank' | 'field' | 'type',
  string
> & { email: string; phone: string };

interface Case {
  name: string;
  /** Who calls: the intruder with this organisation's ids, or this organisation's admin. */
  by: 'intruder' | 'admin';
  call: (c: Client, mine: Ids, theirs: Ids) => Promise<Res>;
  check: (res: Res, mine: Ids, theirs: Ids) => void;
}

const idsOf = (res: Res) => (res.body.list as { _id: string }[]).map((r) => r._id);
const refused = (status: number, field?: string) => (res: Res) => {
  expect(res.status).toBe(status);
  if (field) expect(res.body.error.message).toMatch(new RegExp(`^${field.replace('.', '\\.')}: `));
};
const holdsNone = (key: keyof Ids) => (res: Res, mine: Ids) => {
  expect(res.status).toBe(200);
  expect(idsOf(res)).not.toContain(mine[key]);
};
const row = (email: string) => [{ fullName: 'Same Person', email }];

const CASES: Case[] = [
  {
    name: 'contact/get lists none of this organisation’s contacts, even by its tag',
    by: 'intruder',
    call: (c, m) => c.get('/api/contact/get', { tags: m.tag }),
    check: (res) => {
      expect(res.status).toBe(200);
      expect(res.body.list).toEqual([]);
    },
  },
  {
    name: 'contact/get unfiltered',
    by: 'intruder',
    call: (c) => c.get('/api/contact/get', { pageSize: 500 }),
    check: holdsNone('contact'),
  },
  {
    name: 'get-filtered-total counts nothing of this organisation',
    by: 'intruder',
    call: (c, m) => c.get('/api/contact/get-filtered-total', { tags: m.tag, search: m.email }),
    check: (res) => expect(res.body).toEqual({ total: 0, capped: false }),
  },
  {
    name: 'search-phone finds nothing by this organisation’s phone',
    by: 'intruder',
    call: (c, m) => c.get('/api/contact/search-phone', { q: m.phone }),
    check: (res) => expect([res.status, res.body.list]).toEqual([200, []]),
  },
  {
    name: 'search-email finds nothing by this organisation’s e-mail',
    by: 'intruder',
    call: (c, m) => c.get('/api/contact/search-email', { q: m.email }),
    check: (res) => expect([res.status, res.body.list]).toEqual([200, []]),
  },
  {
    name: 'retention-statistics count only the caller’s organisation',
    by: 'intruder',
    call: (c) => c.get('/api/contact/retention-statistics'),
    check: (res, m) => {
      expect(res.status).toBe(200);
      expect(res.body.attendedLast7Days).toBe(0);
      expect(res.body.atRisk.map((p: { _id: string }) => p._id)).not.toContain(m.contact);
    },
  },
  {
    name: 'contact-exists does not see this organisation’s contact',
    by: 'intruder',
    call: (c, m) => c.call('POST', '/api/contact/contact-exists', { email: m.email, phone: m.phone }),
    check: (res) => expect(res.body).toEqual({ exists: false, contact: null }),
  },
  {
    name: 'update-role of this organisation’s contact is 404',
    by: 'intruder',
    call: (c, m, t) =>
      c.call('PUT', '/api/contact/update-role', { contactId: m.contact, contactTypeId: t.type }),
    check: refused(404),
  },
  {
    name: 'update-role to another organisation’s contact type is refused',
    by: 'admin',
    call: (c, m, t) =>
      c.call('PUT', '/api/contact/update-role', { contactId: m.contact, contactTypeId: t.type }),
    check: refused(400, 'contactTypeId'),
  },
  {
    name: 'bulk-add-tags-leadsource on this organisation’s contacts is 404',
    by: 'intruder',
    call: (c, m, t) =>
      c.call('PUT', '/api/contact/bulk-add-tags-leadsource', { ids: [m.contact], tagIds: [t.tag] }),
    check: refused(404),
  },
  {
    name: 'bulk-add-tags-leadsource with another organisation’s tag is refused',
    by: 'admin',
    call: (c, m, t) =>
      c.call('PUT', '/api/contact/bulk-add-tags-leadsource', { ids: [m.contact], tagIds: [t.tag] }),
    check: refused(400, 'tagIds'),
  },
  {
    name: 'bulk-add-tags-leadsource with another organisation’s lead source is refused',
    by: 'admin',
    call: (c, m, t) =>
      c.call('PUT', '/api/contact/bulk-add-tags-leadsource', {
        ids: [m.contact],
        leadSourceId: t.leadSource,
      }),
    check: refused(400, 'leadSourceId'),
  },
  {
    name: 'addBulkLeads with another organisation’s tag is refused',
    by: 'admin',
    call: (c, _m, t) =>
      c.call('POST', '/api/contact/addBulkLeads', { rows: row('new@x.test'), options: { tagIds: [t.tag] } }),
    check: refused(400, 'options.tagIds'),
  },
  {
    name: 'addBulkLeads with another organisation’s stage is refused',
    by: 'admin',
    call: (c, _m, t) =>
      c.call('POST', '/api/contact/addBulkLeads', { rows: row('new@x.test'), options: { stageId: t.stage } }),
    check: refused(400, 'options.stageId'),
  },
  {
    name: 'contact-bulk-create with another organisation’s lead source is refused',
    by: 'admin',
    call: (c, _m, t) =>
      c.call('POST', '/api/contact/contact-bulk-create', {
        rows: row('new@x.test'),
        options: { leadSourceId: t.leadSource },
      }),
    check: refused(400, 'options.leadSourceId'),
  },
  {
    name: 'contact-bulk-create with another organisation’s contact type is refused',
    by: 'admin',
    call: (c, _m, t) =>
      c.call('POST', '/api/contact/contact-bulk-create', {
        rows: row('new@x.test'),
        options: { contactTypeId: t.type },
      }),
    check: refused(400, 'contactTypeId'),
  },
  ...(['tags', 'stageId', 'leadSourceId', 'rankId', 'contactTypeId'] as const).map(
    (field): Case => ({
      name: `add-buyer with another organisation’s ${field} is refused`,
      by: 'admin',
      call: (c, _m, t) => {
        const value = {
          tags: [t.tag],
          stageId: t.stage,
          leadSourceId: t.leadSource,
          rankId: t.rank,
          contactTypeId: t.type,
        }[field];
        return c.call('POST', '/api/contact/add-buyer', {
          fullName: 'Buyer',
          email: 'buyer@x.test',
          [field]: value,
        });
      },
      check: refused(400, field),
    }),
  ),
  {
    name: 'contact-type delete of this organisation’s type is 404',
    by: 'intruder',
    call: (c, m) => c.call('DELETE', `/api/contact-type/delete/${m.type}`),
    check: refused(404),
  },
  {
    name: 'contact-field settings of this organisation’s field is 404',
    by: 'intruder',
    call: (c, m) => c.call('PUT', '/api/contact-field/settings', { fields: [{ _id: m.field, width: 321 }] }),
    check: refused(404),
  },
  {
    name: 'contact-field settings mixing both organisations’ fields is 404',
    by: 'admin',
    call: (c, m, t) =>
      c.call('PUT', '/api/contact-field/settings', {
        fields: [
          { _id: m.field, width: 321 },
          { _id: t.field, width: 321 },
        ],
      }),
    check: refused(404),
  },
  {
    name: 'client-ranks add under this organisation’s category is refused',
    by: 'intruder',
    call: (c, m) => c.call('POST', '/api/client-ranks/add', { categoryId: m.category, name: 'Stolen' }),
    check: refused(400, 'categoryId'),
  },
  ...(
    [
      ['tag', 'tag'],
      ['lead-source', 'leadSource'],
      ['stage', 'stage'],
      ['contact-type', 'type'],
      ['contact-field', 'field'],
      ['client-ranks', 'rank'],
      ['rank-category', 'category'],
    ] as const
  ).map(
    ([path, key]): Case => ({
      name: `GET ${path}/get holds none of this organisation’s`,
      by: 'intruder',
      call: (c) => c.get(`/api/${path}/get`),
      check: holdsNone(key),
    }),
  ),
];

describe(`contacts calls from the wrong organisation (${DB_KIND})`, () => {
  let k: Kit;
  let mine: Ids;
  let theirs: Ids;

  /** Per table, a digest of an organisation's rows (read as the superuser). */
  const fingerprint = async (orgId: string) => {
    const parts = TABLES.map(
      (t) =>
        `(select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from ${t} x
          where x.organization_id = $1) as ${t}`,
    );
    return (await k.t.database.query(`select ${parts.join(', ')}`, [orgId]))[0];
  };

  async function lookups(c: Client, label: string, email: string, phone: string): Promise<Ids> {
    const id = async (url: string, body: Record<string, unknown>) => {
      const res = await c.call('POST', url, body);
      if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.data._id as string;
    };
    const tag = await id('/api/tag/add', { name: `${label} tag` });
    const leadSource = await id('/api/lead-source/add', { name: `${label} source` });
    const stage = await id('/api/stage/add', { name: `${label} stage` });
    const category = await id('/api/rank-category/add', { name: `${label} category` });
    const rank = await id('/api/client-ranks/add', { categoryId: category, name: `${label} rank` });
    const field = await id('/api/contact-field/add', { value: `${label} field` });
    const type = await id('/api/contact-type/add', { name: `${label} type` });
    const contact = await id('/api/contact/add', {
      fullName: `${label} Person`,
      email,
      phone,
      tags: [tag],
      stageId: stage,
      leadSourceId: leadSource,
      rankId: rank,
      lastAttendedAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    });
    return { contact, tag, leadSource, stage, category, rank, field, type, email, phone };
  }

  beforeAll(async () => {
    k = await createKit();
    mine = await lookups(k.admin, 'Mine', 'target@mine.test', '+1 (303) 555-0199');
    theirs = await lookups(k.intruder, 'Theirs', 'someone@theirs.test', '+1 (404) 555-0123');
    // The intruder's own contact shares nothing with ours, so nothing of ours can match.
    await k.t.database.query('update contact_answers set last_attended_at = null where contact_id = $1', [
      theirs.contact,
    ]);
    // The first read of the column settings writes the built-in fields; done here, not mid-case.
    for (const c of [k.admin, k.intruder]) await c.get('/api/contact-field/get');
  });
  afterAll(() => k.t.close());

  for (const c of CASES) {
    it(`${c.by === 'intruder' ? 'another organisation' : 'this admin'}: ${c.name}`, async () => {
      const before = await Promise.all([fingerprint(k.org.id), fingerprint(k.other.id)]);
      const client = c.by === 'intruder' ? k.intruder : k.admin;
      c.check(await c.call(client, mine, theirs), mine, theirs);
      expect(await Promise.all([fingerprint(k.org.id), fingerprint(k.other.id)])).toEqual(before);
    });
  }

  it('bulk creation and add-buyer by another organisation never match this organisation’s contacts', async () => {
    const before = await fingerprint(k.org.id);
    const bulk = await k.intruder.call('POST', '/api/contact/contact-bulk-create', { rows: row(mine.email) });
    expect(bulk.body).toMatchObject({ created: 1, duplicates: 0 });
    expect(bulk.body.results[0].contactId).not.toBe(mine.contact);
    const leads = await k.intruder.call('POST', '/api/contact/addBulkLeads', {
      rows: [{ fullName: 'Lead Twin', phone: mine.phone }],
    });
    expect(leads.body).toMatchObject({ created: 1, duplicates: 0 });
    const buyer = await k.intruder.call('POST', '/api/contact/add-buyer', {
      fullName: 'Buyer Twin',
      email: `buyer-${mine.email}`,
      phone: mine.phone,
    });
    // The phone matches the intruder's own new lead, never our contact.
    expect(buyer.body.data._id).not.toBe(mine.contact);
    expect(buyer.body.data._id).toBe(leads.body.results[0].contactId);
    const field = await k.intruder.call('POST', '/api/contact-field/add', { value: 'Their own field' });
    expect(field.status).toBe(200);
    expect(idsOf(await k.admin.get('/api/contact-field/get'))).not.toContain(field.body.data._id);
    expect(await fingerprint(k.org.id)).toEqual(before);
  });
});
