import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { isoText, rows } from '../../../lib/sql.ts';
import type { RequestContext } from '../../../plugins/types.ts';
import { LAST_ATTENDED } from '../answers/read.ts';
import { contactCounts } from './search.service.ts';

// The statistics views of the contacts area. Months and "today" are the organisation's (its time
// zone); each answer is a few statements over the indexes of contacts.

interface PersonRow {
  id: string;
  full_name: string;
  photo: string | null;
  email: string | null;
  phone: string | null;
  last_attended_at: string | null;
  birthday: string | null;
}
const PERSON = sql`c.id, c.full_name, c.photo, c.email, c.phone,
  ${isoText(LAST_ATTENDED)} as last_attended_at, to_char(c.birthday, 'YYYY-MM-DD') as birthday`;
const person = (r: PersonRow) => ({
  _id: r.id,
  fullName: r.full_name,
  photo: r.photo,
  email: r.email,
  phone: r.phone,
  lastAttendedAt: r.last_attended_at,
  birthday: r.birthday,
});

/** Start of this month in the organisation's zone, as a timestamptz expression. */
const monthStart = (tz: string, monthsBack = 0) =>
  sql`(date_trunc('month', now() at time zone ${tz}) - ${`${monthsBack} months`}::interval) at time zone ${tz}`;

export async function contactStatistics(tx: Tx, ctx: RequestContext) {
  const orgId = ctx.organizationId;
  const tz = ctx.organization.timeZone;
  const counts = await contactCounts(tx, orgId);
  const [created] = await rows<{ this_month: number; last_month: number }>(
    tx,
    sql`select
      (select count(*)::int from contacts c where c.organization_id = ${orgId} and c.deleted_at is null
         and c.created_at >= ${monthStart(tz)}) as this_month,
      (select count(*)::int from contacts c where c.organization_id = ${orgId} and c.deleted_at is null
         and c.created_at >= ${monthStart(tz, 1)} and c.created_at < ${monthStart(tz)}) as last_month`,
  );
  const byType = await rows<{ id: string | null; name: string | null; count: number }>(
    tx,
    sql`select n.contact_type_id as id, ct.name, n.count from (
          select c.contact_type_id, count(*)::int as count from contacts c
          where c.organization_id = ${orgId} and c.deleted_at is null group by c.contact_type_id
        ) n left join contact_types ct on ct.organization_id = ${orgId} and ct.id = n.contact_type_id
        order by n.count desc, ct.name`,
  );
  return {
    ...counts,
    newThisMonth: created?.this_month ?? 0,
    newLastMonth: created?.last_month ?? 0,
    byType: byType.map((r) => ({ _id: r.id, name: r.name ?? 'No type', count: r.count })),
  };
}

export async function retentionStatistics(tx: Tx, ctx: RequestContext) {
  const orgId = ctx.organizationId;
  // Counted on contact_answers' Last Attended index alone (an index-only scan), less the rows
  // of the few soft-deleted contacts (their own partial index): a join per attended contact cost
  // seconds at a million contacts.
  const key = sql`coalesce(a.last_attended_at, '-infinity'::timestamptz)`;
  const attended = sql`contact_answers a join contacts c on c.organization_id = a.organization_id and c.id = a.contact_id`;
  const buckets = sql`count(*) filter (where ${key} >= now() - interval '7 days')::int as d7,
    count(*) filter (where ${key} >= now() - interval '30 days')::int as d30,
    count(*) filter (where ${key} >= now() - interval '90 days')::int as d90,
    count(*)::int as ever`;
  type Buckets = Record<'d7' | 'd30' | 'd90' | 'ever', number> & { deleted: boolean };
  const parts = await rows<Buckets>(
    tx,
    sql`(select false as deleted, ${buckets} from contact_answers a
         where a.organization_id = ${orgId} and ${key} > '-infinity'::timestamptz)
        union all
        (select true as deleted, ${buckets} from ${attended}
         where c.organization_id = ${orgId} and c.deleted_at is not null and ${key} > '-infinity'::timestamptz)`,
  );
  const all = parts.find((p) => !p.deleted);
  const gone = parts.find((p) => p.deleted);
  const b = all &&
    gone && {
      d7: all.d7 - gone.d7,
      d30: all.d30 - gone.d30,
      d90: all.d90 - gone.d90,
      ever: all.ever - gone.ever,
    };
  const atRisk = await rows<PersonRow>(
    tx,
    sql`select ${PERSON} from ${attended}
        where a.organization_id = ${orgId} and c.deleted_at is null and c.status = 'active' and not c.is_former
          and ${key} >= now() - interval '60 days' and ${key} < now() - interval '14 days'
        order by ${key} desc, a.contact_id desc nulls last limit 20`,
  );
  const { total } = await contactCounts(tx, orgId);
  const d = b ?? { d7: 0, d30: 0, d90: 0, ever: 0 };
  return {
    attendedLast7Days: d.d7,
    attended8To30DaysAgo: d.d30 - d.d7,
    attended31To90DaysAgo: d.d90 - d.d30,
    attendedEarlier: d.ever - d.d90,
    neverAttended: Math.max(0, total - d.ever),
    atRisk: atRisk.map(person),
  };
}

export async function birthdayStatistics(
  tx: Tx,
  ctx: RequestContext,
  q: { month?: number; page: number; pageSize: number },
) {
  const orgId = ctx.organizationId;
  const tz = ctx.organization.timeZone;
  const [today] = await rows<{ month: number; md: number; year: number }>(
    tx,
    sql`select extract(month from now() at time zone ${tz})::int as month,
               (extract(month from now() at time zone ${tz}) * 100 + extract(day from now() at time zone ${tz}))::int as md,
               extract(year from now() at time zone ${tz})::int as year`,
  );
  const month = q.month ?? today!.month;
  const inMonth = sql`c.organization_id = ${orgId} and c.deleted_at is null
    and c.birthday_md between ${month * 100 + 1} and ${month * 100 + 31}`;
  const [counts] = await rows<{ total: number; today: number }>(
    tx,
    sql`select count(*)::int as total, count(*) filter (where c.birthday_md = ${today!.md})::int as today
        from contacts c where ${inMonth}`,
  );
  const found = await rows<PersonRow & { turning: number }>(
    tx,
    sql`select ${PERSON}, (${today!.year} - extract(year from c.birthday))::int as turning
        from contacts c where ${inMonth}
        order by c.birthday_md, lower(c.full_name), c.id limit ${q.pageSize + 1} offset ${q.page * q.pageSize}`,
  );
  return {
    month,
    total: counts?.total ?? 0,
    today: counts?.today ?? 0,
    list: found.slice(0, q.pageSize).map((r) => ({ ...person(r), turning: r.turning })),
    pagination: { page: q.page, pageSize: q.pageSize, hasMore: found.length > q.pageSize },
  };
}

export async function progressionStatistics(tx: Tx, orgId: string, categoryId?: string) {
  const found = await rows<{
    category_id: string;
    category_name: string;
    rank_id: string | null;
    rank_name: string | null;
    rank_image: string | null;
    sort_order: number | null;
    count: number;
  }>(
    tx,
    sql`select rc.id as category_id, rc.name as category_name, r.id as rank_id, r.name as rank_name,
          r.image as rank_image, r.sort_order, coalesce(n.count, 0)::int as count
        from rank_categories rc
        left join client_ranks r on r.organization_id = rc.organization_id and r.category_id = rc.id
        left join (
          select c.rank_id, count(*)::int as count from contacts c
          where c.organization_id = ${orgId} and c.deleted_at is null and c.rank_id is not null group by c.rank_id
        ) n on n.rank_id = r.id
        where rc.organization_id = ${orgId} ${categoryId ? sql`and rc.id = ${categoryId}` : sql``}
        order by rc.sort_order, rc.id, r.sort_order, r.id`,
  );
  type RankCount = {
    _id: string;
    rankName: string;
    rankImage: string | null;
    sortOrder: number;
    count: number;
  };
  const categories = new Map<
    string,
    { categoryId: string; categoryName: string; total: number; ranks: RankCount[] }
  >();
  for (const r of found) {
    let cat = categories.get(r.category_id);
    if (!cat) {
      cat = { categoryId: r.category_id, categoryName: r.category_name, total: 0, ranks: [] };
      categories.set(r.category_id, cat);
    }
    if (!r.rank_id) continue;
    cat.total += r.count;
    cat.ranks.push({
      _id: r.rank_id,
      rankName: r.rank_name!,
      rankImage: r.rank_image,
      sortOrder: r.sort_order ?? 0,
      count: r.count,
    });
  }
  return { list: [...categories.values()] };
}
