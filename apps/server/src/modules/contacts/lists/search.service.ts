import {
  type ContactCountsAnswer,
  type ContactFilters,
  type ContactListQuery,
  phoneDigits,
  STAFF_TYPES,
} from '@opsuite/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { preparedSql } from '../../../db/fast/prepared.ts';
import { invalid } from '../../../lib/errors.ts';
import { escapeLike, rows } from '../../../lib/sql.ts';
import type { RequestContext } from '../../../plugins/types.ts';
import { visibilityCondition } from '../access.ts';
import { type ContactRow, composeAnswers, contactAnswerSql } from '../answers/read.ts';
import { type PickerRow, pickerOptionSql, toPickerOption } from '../picker.ts';

// The hot reads: the contacts list, its totals and the picker searches. Each is one statement
// over the partial indexes of contacts (see core.tables.ts), whatever the page size.

/**
 * The filtered total counts at most this many rows and then answers "1000+" (capped). Each
 * counted row is a visit to a random heap page; at 10,000 a tag filter over a million contacts
 * cost ~100 ms per call, too much for a number shown beside the list (bench: npm run bench).
 */
export const FILTERED_TOTAL_CAP = 1_000;
/** Fragments this long use the trigram indexes; shorter ones match as prefixes. */
const TRIGRAM_MIN = 3;
/** Digit fragments this long use the 4-digit windows of phone_grams (migration 0010). */
const PHONE_GRAM = 4;

/** The distinct 4-digit windows of a digit string, as phone_grams() makes them in SQL. */
export function phoneGrams(digits: string): number[] {
  const grams = new Set<number>();
  for (let i = 0; i + PHONE_GRAM <= digits.length; i++) grams.add(Number(digits.slice(i, i + PHONE_GRAM)));
  return [...grams];
}

export type SearchKind = 'name' | 'phone' | 'email' | 'any';

/** Matching user text against name, e-mail and/or phone digits of contact `c`. */
export function searchCondition(q: string, kind: SearchKind): SQL | null {
  const text = q.trim().toLowerCase();
  const digits = phoneDigits(q);
  const parts: SQL[] = [];
  const pattern = (s: string) => (s.length >= TRIGRAM_MIN ? `%${escapeLike(s)}%` : `${escapeLike(s)}%`);
  if (text && (kind === 'name' || kind === 'any')) {
    parts.push(
      text.length >= TRIGRAM_MIN
        ? sql`lower(c.full_name) like ${pattern(text)}`
        : sql`(lower(c.full_name) collate "C") like ${pattern(text)}`,
    );
  }
  if (text && (kind === 'email' || (kind === 'any' && text.length >= TRIGRAM_MIN))) {
    parts.push(sql`lower(c.email) like ${pattern(text)}`);
  }
  if (digits && (kind === 'phone' || (kind === 'any' && digits.length >= TRIGRAM_MIN))) {
    // 4+ digits: the windows find the candidates, strpos checks they are contiguous (and, not
    // being LIKE, leaves the planner no weaker trigram plan to pick).
    parts.push(
      digits.length >= PHONE_GRAM
        ? sql`(phone_grams(c.phone_digits) @> ${sql.param(phoneGrams(digits))}::int[]
              and strpos(c.phone_digits, ${digits}) > 0)`
        : sql`c.phone_digits like ${pattern(digits)}`,
    );
  }
  if (parts.length === 0) return kind === 'phone' ? sql`false` : null;
  return parts.length === 1 ? parts[0]! : sql`(${sql.join(parts, sql` or `)})`;
}

/** What filterConditions puts first for every list: the organisation and live rows. */
const BASE_CONDITIONS = 2;

export function filterConditions(ctx: RequestContext, f: ContactFilters): SQL[] {
  const ids = (v: string[]) => sql`${sql.param(v)}::uuid[]`;
  const out: SQL[] = [sql`c.organization_id = ${ctx.organizationId}`, sql`c.deleted_at is null`];
  const visible = visibilityCondition(ctx, f.dataFlow);
  if (visible) out.push(visible);
  const search = f.search ? searchCondition(f.search, 'any') : null;
  if (search) out.push(search);
  if (f.status === 'active') out.push(sql`c.status = 'active' and not c.is_former`);
  if (f.status === 'former') out.push(sql`c.is_former`);
  if (f.paymentStatus) out.push(sql`c.payment_status = ${f.paymentStatus}`);
  if (f.tags?.length) {
    out.push(sql`exists (select 1 from contact_tags x where x.organization_id = c.organization_id
      and x.contact_id = c.id and x.tag_id = any(${ids(f.tags)}))`);
  }
  if (f.leadSources?.length) out.push(sql`c.lead_source_id = any(${ids(f.leadSources)})`);
  if (f.plan) out.push(sql`c.plan = ${f.plan}`);
  if (f.progressions?.length) out.push(sql`c.rank_id = any(${ids(f.progressions)})`);
  if (f.contactType) out.push(sql`c.contact_type_id = ${f.contactType}`);
  if (f.stage) out.push(sql`c.stage_id = ${f.stage}`);
  return out;
}

const where = (conditions: SQL[]) => sql.join(conditions, sql` and `);

/**
 * Sort per rating type, each matching an index column for column: `from` names the rows (Last
 * Attended joins contact_answers, where that index is), `order` sorts them, `outer` sorts the
 * rows of a source that selected `sort_at` (see contactAnswerSql), and `(key, id)` is the keyset.
 */
export function sortOf(ratingType: number | undefined) {
  if (ratingType === 1) {
    const key = sql`coalesce(a.last_attended_at, '-infinity'::timestamptz)`;
    return {
      key,
      id: sql`a.contact_id`,
      from: sql`contacts c join contact_answers a on a.organization_id = c.organization_id and a.contact_id = c.id`,
      order: sql`${key} desc, a.contact_id desc nulls last`,
      outer: sql`c.sort_at desc, c.id desc nulls last`,
    };
  }
  const key =
    ratingType === 2 ? sql`coalesce(c.last_contacted_at, '-infinity'::timestamptz)` : sql`c.created_at`;
  const nulls = ratingType ? sql`` : sql` nulls last`;
  return {
    key,
    id: sql`c.id`,
    from: sql`contacts c`,
    order: sql`${key} desc${nulls}, c.id desc nulls last`,
    outer: sql`c.sort_at desc${nulls}, c.id desc nulls last`,
  };
}

function decodeCursor(cursor: string): { key: string; id: string } {
  try {
    const [key, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string];
    if (typeof key === 'string' && /^[0-9a-f-]{36}$/i.test(id)) return { key, id };
  } catch {
    // falls through to the error below
  }
  throw invalid('cursor', 'is invalid');
}

export interface ContactListPage {
  rows: ContactRow[];
  pagination: { page: number; pageSize: number; hasMore: boolean; nextCursor: string | null };
}

/**
 * A list page in one statement: its contacts with their stored answers (contactAnswerSql). The
 * route sends it with listAnswerText() once any stale answer is built (buildAnswers).
 */
export async function listContacts(
  tx: Tx,
  ctx: RequestContext,
  q: ContactListQuery,
): Promise<ContactListPage> {
  const conditions = filterConditions(ctx, q);
  // The unfiltered list (the page every admin opens first) walks one sort index with a limit, a
  // plan right for any organisation, so it is planned once per connection: planning its joins
  // cost as much database time as running it. Filtered lists are planned for their values.
  const planOnce = conditions.length === BASE_CONDITIONS;
  const { key, id, from, order, outer } = sortOf(q.ratingType);
  let offset = q.page * q.pageSize;
  if (q.cursor) {
    const c = decodeCursor(q.cursor);
    conditions.push(sql`(${key}, ${id}) < (${c.key}::timestamptz, ${c.id}::uuid)`);
    offset = 0;
  }
  const source = sql`select c.*, ${key} as sort_at, (${key})::text as sort_key from ${from}
    where ${where(conditions)} order by ${order} limit ${q.pageSize + 1} offset ${offset}`;
  const query = contactAnswerSql(ctx.organizationId, source, outer, sql`, c.sort_key`);
  type Row = ContactRow & { sort_key: string };
  const found = planOnce ? await preparedSql<Row>(tx, query) : await rows<Row>(tx, query);
  const hasMore = found.length > q.pageSize;
  const page = found.slice(0, q.pageSize);
  const last = page[page.length - 1];
  const pagination = {
    page: q.page,
    pageSize: q.pageSize,
    hasMore,
    nextCursor:
      hasMore && last
        ? Buffer.from(JSON.stringify([last.sort_key, last.contact_id])).toString('base64url')
        : null,
  };
  return { rows: page, pagination };
}

/** The list page as JSON text (contactListAnswer), ready to send: the answers as stored. */
export function listAnswerText(page: ContactListPage, built: Map<string, string>): string {
  const list = composeAnswers(page.rows, built);
  return `{"list":[${list.join(',')}],"pagination":${JSON.stringify(page.pagination)}}`;
}

export async function contactCounts(tx: Tx, orgId: string): Promise<ContactCountsAnswer> {
  const [row] = await rows<{ active: number; former: number; past_due: number; total: number }>(
    tx,
    sql`select active, former, past_due, total from contact_counts where organization_id = ${orgId}`,
  );
  return {
    active: row?.active ?? 0,
    former: row?.former ?? 0,
    pastDue: row?.past_due ?? 0,
    total: row?.total ?? 0,
  };
}

/**
 * The list's total under its filters. Unfiltered (or by status or past due alone) it is the
 * exact kept count, and by one tag (optionally with a status) the exact kept count of that tag;
 * otherwise a count that stops at FILTERED_TOTAL_CAP so it stays fast.
 */
export async function filteredTotal(tx: Tx, ctx: RequestContext, f: ContactFilters) {
  const { status, paymentStatus, dataFlow, tags, ...rest } = f;
  const empty = (v: unknown) => v === undefined || (Array.isArray(v) && v.length === 0);
  const tagSet = new Set(tags ?? []);
  const onlyStatus = !visibilityCondition(ctx, dataFlow) && Object.values(rest).every(empty);
  if (onlyStatus && tagSet.size === 0 && (!paymentStatus || (paymentStatus === 'past_due' && !status))) {
    const counts = await contactCounts(tx, ctx.organizationId);
    const total = paymentStatus ? counts.pastDue : status ? counts[status] : counts.total;
    return { total, capped: false };
  }
  // The most common filtered total, one tag and at most a status, is a primary-key read of the
  // counts kept per tag (tag_counts, migration 0016); a tag without a row has no live contacts.
  if (onlyStatus && tagSet.size === 1 && !paymentStatus) {
    const column = sql.identifier(status ?? 'total');
    const [row] = await rows<{ n: number }>(
      tx,
      sql`select ${column} as n from tag_counts
          where organization_id = ${ctx.organizationId} and tag_id = ${[...tagSet][0]!}`,
    );
    return { total: row?.n ?? 0, capped: false };
  }
  // One tag: walk that tag's members and look each contact up by its key (a lateral lookup, so
  // the planner cannot turn it into a merge join that walks the whole contacts key in order).
  const byTag = f.tags?.length === 1 ? f.tags[0]! : null;
  const conditions = where(filterConditions(ctx, byTag ? { ...f, tags: undefined } : f));
  const counted = byTag
    ? sql`select 1 from contact_tags x cross join lateral (
          select 1 from contacts c
          where c.organization_id = x.organization_id and c.id = x.contact_id and ${conditions} limit 1
        ) m
        where x.organization_id = ${ctx.organizationId} and x.tag_id = ${byTag}`
    : sql`select 1 from contacts c where ${conditions}`;
  const [row] = await rows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from (${counted} limit ${FILTERED_TOTAL_CAP + 1}) s`,
  );
  const n = row?.n ?? 0;
  return { total: Math.min(n, FILTERED_TOTAL_CAP), capped: n > FILTERED_TOTAL_CAP };
}

/** Picker searches (search-name, -phone, -email): live contacts ordered by name. */
export async function searchContacts(
  tx: Tx,
  orgId: string,
  kind: SearchKind,
  q: { q?: string; staff?: boolean; page: number; pageSize: number },
) {
  const conditions = [sql`c.organization_id = ${orgId}`, sql`c.deleted_at is null`];
  const match = q.q ? searchCondition(q.q, kind) : null;
  if (match) conditions.push(match);
  if (q.staff) {
    conditions.push(sql`exists (select 1 from contact_types ct
      where ct.organization_id = c.organization_id and ct.id = c.contact_type_id
        and ct.type in ${[...STAFF_TYPES]})`);
  }
  const order = sql`(lower(c.full_name) collate "C"), c.id`;
  const source = sql`select c.* from contacts c where ${where(conditions)}
    order by ${order} limit ${q.pageSize + 1} offset ${q.page * q.pageSize}`;
  const found = await rows<PickerRow>(tx, pickerOptionSql(source, order));
  return {
    list: found.slice(0, q.pageSize).map(toPickerOption),
    pagination: { page: q.page, pageSize: q.pageSize, hasMore: found.length > q.pageSize },
  };
}
