import { Writable } from 'node:stream';
import { contactExportQuery } from '@opsuite/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../../test/helpers.ts';
import { withTenant } from '../../../db/tenant.ts';
import { createKit, type Kit } from '../contacts.test-kit.ts';
import { csvCell, ReaderGone, writeContactsCsv } from './export.service.ts';

/** A small RFC 4180 reader: quoted cells may hold commas, quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  return rows;
}

describe(`contacts export as streamed CSV (${DB_KIND})`, () => {
  let k: Kit;
  let tag: string;
  let field: string;
  beforeAll(async () => {
    k = await createKit();
    tag = (await k.admin.call('POST', '/api/tag/add', { name: 'Export' })).body.data._id;
    field = (await k.admin.call('POST', '/api/contact-field/add', { value: 'Shirt, size' })).body.data._id;
    await k.admin.call('POST', '/api/contact/add', {
      fullName: 'Quote "Q" Person, Jr.',
      email: 'q@x.test',
      phone: '+1 555 010 2030',
      tags: [tag],
      billingAddress: { street: 'Line 1\nLine 2', city: 'Leeds' },
      customFields: { [field]: 'XL' },
    });
    await k.admin.call('POST', '/api/contact/add', { fullName: '=HYPERLINK("x")', plan: 'Gold' });
  });
  afterAll(() => k.t.close());

  const download = async (query = '', client = k.admin) => {
    const res = await k.t.app.inject({
      method: 'GET',
      url: `/api/contact/export${query}`,
      headers: client.session.headers,
    });
    return { res, rows: parseCsv(res.body.replace(/^\uFEFF/, '')) };
  };

  it('answers a CSV file with a header, quoting and formula-safe cells', async () => {
    const { res, rows } = await download();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="contacts-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.body.startsWith('\uFEFFID,Full Name,')).toBe(true);
    const [header, ...body] = rows;
    expect(header).toContain('Shirt, size');
    expect(body).toHaveLength(5); // two added, three members
    const at = (row: string[], name: string) => row[header!.indexOf(name)];
    const q = body.find((r) => at(r, 'Email') === 'q@x.test')!;
    expect(at(q, 'Full Name')).toBe('Quote "Q" Person, Jr.');
    expect(at(q, 'Street')).toBe('Line 1\nLine 2');
    expect(at(q, 'Tags')).toBe('Export');
    // Stored in E.164, written in the display form without the formula guard's apostrophe.
    expect(at(q, 'Phone')).toBe('+1 (555) 010-2030');
    expect(csvCell('+1 (555) 010-2030')).toBe('+1 (555) 010-2030');
    expect(csvCell('+SUM(A1)')).toBe("'+SUM(A1)");
    expect(at(q, 'Shirt, size')).toBe('XL');
    expect(body.some((r) => at(r, 'Full Name') === `'=HYPERLINK("x")`)).toBe(true);
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell(null)).toBe('');
  });

  it('applies the list’s filters and reads large sets in keyset batches', async () => {
    const filtered = await download('?plan=Gold');
    expect(filtered.rows.slice(1).map((r) => r[1])).toEqual([`'=HYPERLINK("x")`]);
    await withTenant(k.t.database.db, k.org.id, (tx) =>
      tx.execute(sql`insert into contacts (organization_id, id, full_name, plan, created_at)
        select ${k.org.id}, gen_random_uuid(), 'Batch ' || g, 'Batch', now() - g * interval '1 second'
        from generate_series(1, 2345) g`),
    );
    const { rows } = await download('?plan=Batch');
    const names = rows.slice(1).map((r) => r[1]);
    expect(names).toHaveLength(2345);
    expect(new Set(names).size).toBe(2345);
    expect(names.slice(0, 2)).toEqual(['Batch 1', 'Batch 2']);
    expect((await download('?tags=nope')).res.statusCode).toBe(400);
  });

  it('exports only what the caller may list, and nothing of another organisation', async () => {
    const theirs = await download('', k.intruder);
    expect(theirs.rows).toHaveLength(2);
    expect(theirs.res.body).not.toContain('q@x.test');
    const employee = await download('?plan=Gold', k.employee);
    expect(employee.res.statusCode).toBe(200);
    expect((await download('', k.client)).res.statusCode).toBe(403);
  });

  it('stops reading and ends its transaction when the reader goes away', async () => {
    let chunks = 0;
    const reader = new Writable({
      highWaterMark: 1,
      write(_chunk, _enc, done) {
        chunks++;
        // Slow reader that hangs up after the header and first batch.
        setTimeout(() => (chunks >= 2 ? this.destroy() : done()), 5);
      },
    });
    const run = withTenant(k.t.database.db, k.org.id, (tx) =>
      writeContactsCsv(
        tx,
        {
          organizationId: k.org.id,
          userId: k.admin.session.userId,
          userType: 'admin',
          dataFlow: true,
          role: {},
        } as never,
        contactExportQuery.parse({ plan: 'Batch' }),
        reader,
      ),
    );
    await expect(run).rejects.toBeInstanceOf(ReaderGone);
    expect(chunks).toBe(2);
    // The database is free again: the next request is answered.
    expect((await k.admin.call('GET', '/api/contact/get-total')).status).toBe(200);
  });
});
