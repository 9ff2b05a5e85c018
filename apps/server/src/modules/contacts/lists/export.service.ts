import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { type ContactAnswer, type ContactExportQuery, formatPhoneDisplay } from '@opsuite/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { rows } from '../../../lib/sql.ts';
import type { RequestContext } from '../../../plugins/types.ts';
import { answerTexts, type ContactRow, contactAnswerSql, toContactAnswer } from '../answers/read.ts';
import { filterConditions, sortOf } from './search.service.ts';

// The contacts export: every contact the list would show under the same filters and order,
// written as CSV while it is read, a keyset batch at a time inside the request's transaction, so
// memory stays flat whatever the organisation's size.

const BATCH = 1000;

/** A phone as the display rule writes it (a plus, digits, spaces, brackets, hyphens): not a formula. */
const PHONE_SHAPE = /^\+[\d ()-]+$/;

/**
 * CSV cell: quoted when needed, and never starting like a spreadsheet formula. Phones are written
 * in the display form and, having nothing a formula could run, without the guard's
 * apostrophe, so every phone in the file has one form.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'string' ? value : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !PHONE_SHAPE.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const line = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

const COLUMNS: [string, (c: ContactAnswer) => unknown][] = [
  ['ID', (c) => c._id],
  ['Full Name', (c) => c.fullName],
  ['First Name', (c) => c.firstName],
  ['Last Name', (c) => c.lastName],
  ['Email', (c) => c.email],
  ['Phone', (c) => formatPhoneDisplay(c.phone)],
  ['Status', (c) => c.status],
  ['Former Member', (c) => (c.isFormer ? 'yes' : 'no')],
  ['Contact Type', (c) => c.contactType?.name],
  ['Stage', (c) => c.stage?.name],
  ['Lead Source', (c) => c.leadSource?.name],
  ['Progression', (c) => c.currentRank?.categoryName],
  ['Rank', (c) => c.currentRank?.rankName],
  ['Tags', (c) => c.tags.map((t) => t.name).join('; ')],
  ['Punch ID', (c) => c.punchId],
  ['Birthday', (c) => c.birthday],
  ['Payment Status', (c) => c.paymentStatus],
  ['Plan', (c) => c.plan],
  ['Stop SMS', (c) => (c.stopSms ? 'yes' : 'no')],
  ['Last Attended', (c) => c.lastAttendedAt],
  ['Last Contacted', (c) => c.lastContactedAt],
  ['Street', (c) => c.billingAddress?.street],
  ['Street 2', (c) => c.billingAddress?.street2],
  ['City', (c) => c.billingAddress?.city],
  ['State', (c) => c.billingAddress?.state],
  ['Zip', (c) => c.billingAddress?.zip],
  ['Country', (c) => c.billingAddress?.country],
  ['Created', (c) => c.createdAt],
];

/** Thrown when the reader went away: the loop stops and the transaction rolls back. */
class ReaderGone extends Error {}

async function write(out: Writable, chunk: string): Promise<void> {
  if (out.destroyed) throw new ReaderGone();
  if (out.write(chunk)) return;
  await Promise.race([once(out, 'drain'), once(out, 'close')]);
  if (out.destroyed) throw new ReaderGone();
}

/** Writes the CSV to `out`; answers how many contacts were written. */
export async function writeContactsCsv(
  tx: Tx,
  ctx: RequestContext,
  q: ContactExportQuery,
  out: Writable,
): Promise<number> {
  const custom = await rows<{ id: string; value: string }>(
    tx,
    sql`select id, value from contact_fields where organization_id = ${ctx.organizationId} and not is_system
        order by sort_order, id`,
  );
  // A byte-order mark so spreadsheet programs read the file as UTF-8. Held back until the first
  // rows are read: a query that fails then is still answered as an error, not as a cut-off file.
  let header: string | null =
    `\uFEFF${line([...COLUMNS.map(([name]) => name), ...custom.map((f) => f.value)])}`;
  const { key, id, from, order, outer } = sortOf(q.ratingType);
  let after: { key: string; id: string } | null = null;
  let written = 0;
  for (;;) {
    const conditions = filterConditions(ctx, q);
    if (after) conditions.push(sql`(${key}, ${id}) < (${after.key}::timestamptz, ${after.id}::uuid)`);
    const source = sql`select c.*, ${key} as sort_at, (${key})::text as sort_key from ${from}
      where ${sql.join(conditions, sql` and `)} order by ${order} limit ${BATCH}`;
    const found = await rows<ContactRow & { sort_key: string }>(
      tx,
      contactAnswerSql(ctx.organizationId, source, outer, sql`, c.sort_key`),
    );
    let chunk = '';
    const texts = found.length > 0 ? await answerTexts(tx, ctx.organizationId, found) : [];
    for (const text of texts) {
      const c = toContactAnswer(text);
      chunk += line([...COLUMNS.map(([, pick]) => pick(c)), ...custom.map((f) => c.customFields[f.id])]);
    }
    if (header !== null) {
      await write(out, header);
      header = null;
    }
    if (found.length === 0) break;
    await write(out, chunk);
    written += found.length;
    const last = found[found.length - 1]!;
    after = { key: last.sort_key, id: last.contact_id };
    if (found.length < BATCH) break;
  }
  return written;
}

export { ReaderGone };
