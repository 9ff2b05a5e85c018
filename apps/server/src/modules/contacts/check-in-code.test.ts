import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../test/helpers.ts';
import { withTenant } from '../../db/tenant.ts';
import { newId } from '../../lib/ids.ts';
import { freshCheckInCodes, insertWithCheckInCode, newCheckInCode } from './check-in-code.ts';
import { createKit, type Kit } from './contacts.test-kit.ts';
import { finished } from './import/import.test-kit.ts';

const GENERATED = /^[1-9]\d{9}$/;

describe('generated check-in codes', () => {
  it('are 10 digits without a leading zero, and differ', () => {
    const codes = Array.from({ length: 2000 }, newCheckInCode);
    for (const c of codes) expect(c).toMatch(GENERATED);
    expect(new Set(codes).size).toBe(codes.length);
  });
});

describe(`a new member's check-in code (${DB_KIND})`, () => {
  let k: Kit;
  const punchOf = async (id: string) =>
    (
      await k.t.database.query<{ punch_id: string | null }>('select punch_id from contacts where id = $1', [
        id,
      ])
    )[0]!.punch_id;

  beforeAll(async () => {
    k = await createKit();
  });
  afterAll(() => k.t.close());

  it('a member added without one gets a random code; a given code, a lead or an untyped contact does not', async () => {
    const client = k.org.contactTypeIds.client;
    const add = (body: Record<string, unknown>) => k.admin.call('POST', '/api/contact/add', body);
    const one = await add({ fullName: 'Member One', contactTypeId: client });
    const two = await add({ fullName: 'Member Two', contactTypeId: client, punchId: null });
    expect(one.status).toBe(200);
    expect(one.body.data.punchId).toMatch(GENERATED);
    expect(two.body.data.punchId).toMatch(GENERATED);
    expect(two.body.data.punchId).not.toBe(one.body.data.punchId);
    expect(await punchOf(one.body.data._id)).toBe(one.body.data.punchId);
    const given = await add({ fullName: 'Member Given', contactTypeId: client, punchId: '4242' });
    expect(given.body.data.punchId).toBe('0000004242');
    const lead = await add({ fullName: 'A Lead', contactTypeId: k.org.contactTypeIds.lead });
    expect(lead.body.data.punchId).toBeNull();
    expect((await add({ fullName: 'Untyped' })).body.data.punchId).toBeNull();
  });

  it('a client or an employee joining the organisation gets one; admins do not', async () => {
    const member = k.org.members[k.org.emails.client!]!.contactId;
    const employee = k.org.members[k.org.emails.employee!]!.contactId;
    const admin = k.org.members[k.org.emails.admin!]!.contactId;
    expect(await punchOf(member)).toMatch(GENERATED);
    // An employee's punch id clocks them in at the tablet: random, not a guessable short number.
    expect(await punchOf(employee)).toMatch(GENERATED);
    expect(await punchOf(admin)).toBeNull();
    const added = await k.admin.call('POST', '/api/contact/add', {
      fullName: 'New Coach',
      contactTypeId: k.org.contactTypeIds.employee,
    });
    expect(added.body.data.punchId).toMatch(GENERATED);
  });

  it('imported and bulk-added members get codes; rows with their own keep them', async () => {
    const post = await k.admin.call('POST', '/api/contact/import-contact-array', {
      rows: [
        { fullName: 'Imported Client', contactType: 'Client' },
        { fullName: 'Imported Own Code', contactType: 'Client', punchId: '9000000001' },
        { fullName: 'Imported Lead', contactType: 'Lead' },
        { fullName: 'Imported Untyped' },
      ],
    });
    expect((await finished(k.admin, post.body.jobId)).body).toMatchObject({ status: 'success', created: 4 });
    const bulk = await k.admin.call('POST', '/api/contact/addBulk', {
      rows: [{ fullName: 'Bulk Client' }],
      options: { contactTypeId: k.org.contactTypeIds.client },
    });
    expect(bulk.body.created).toBe(1);
    const saved = await k.t.database.query<{ full_name: string; punch_id: string | null }>(
      `select full_name, punch_id from contacts where organization_id = $1
         and (full_name like 'Imported %' or full_name = 'Bulk Client') order by full_name`,
      [k.org.id],
    );
    const by = Object.fromEntries(saved.map((r) => [r.full_name, r.punch_id]));
    expect(by['Imported Client']).toMatch(GENERATED);
    expect(by['Bulk Client']).toMatch(GENERATED);
    expect(by['Imported Own Code']).toBe('9000000001');
    expect(by['Imported Lead']).toBeNull();
    expect(by['Imported Untyped']).toBeNull();
  });

  it('a code already taken in the organisation is never given again: another is drawn', async () => {
    const taken = '9000000001'; // 'Imported Own Code' above
    const draws = [taken, taken, '9000000002'];
    const values = {
      organizationId: k.org.id,
      id: newId(),
      fullName: 'Drawn Twice',
      contactTypeId: k.org.contactTypeIds.client,
    };
    const code = await withTenant(k.t.database.db, k.org.id, (tx) =>
      insertWithCheckInCode(tx, values, () => draws.shift()!),
    );
    expect(code).toBe('9000000002');
    expect(await punchOf(values.id)).toBe('9000000002');
    // A batch avoids saved codes and the codes its own rows bring.
    const batch = ['9000000002', '9000000003', '9000000004', '9000000005', '9000000006'];
    const codes = await withTenant(k.t.database.db, k.org.id, (tx) =>
      freshCheckInCodes(tx, k.org.id, 2, new Set(['9000000003']), () => batch.shift()!),
    );
    expect(codes.sort()).toEqual(['9000000004', '9000000005']);
    // Unique per organisation only: another organisation may hold the same code.
    const elsewhere = await withTenant(k.t.database.db, k.other.id, (tx) =>
      insertWithCheckInCode(
        tx,
        { organizationId: k.other.id, id: newId(), fullName: 'Elsewhere', contactTypeId: null },
        () => taken,
      ),
    );
    expect(elsewhere).toBe(taken);
  });
});
