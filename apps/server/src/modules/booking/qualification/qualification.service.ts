import type { ContactQualification, QualificationCheck } from '@opsuite/shared';
import { RANK_HISTORY_LIMIT } from '@opsuite/shared';
import type { Tx } from '../../../db/client.ts';
import { preparedRows } from '../../../db/fast/prepared.ts';
import { notFound } from '../../../lib/errors.ts';
import { isoTextOf } from '../../../lib/sql.ts';

// Qualified progression and qualified program: where a contact stands against the next rank of
// their progression. It lives in booking, above contacts, because attendance is booking's own
// completed class bookings (kiosk check-ins and bookings marked completed), dated by attendDate;
// the ranks, their requirements and the rank history are read downward from contacts' tables. The day a rank was reached comes
// from contact_rank_history, which triggers on contacts keep for every writer; a contact whose
// rank predates that history counts from the day they were added. Two prepared statements per
// call, whatever the number of bookings, programs or ranks.

/** $1 organisation, $2 contact: the contact, its rank, the next rank, since when, and the ladder. */
const CONTACT_RANK = `
  c as (select organization_id, id, rank_id, created_at from contacts
        where organization_id = $1 and id = $2 and deleted_at is null),
  cur as (
    select r.id, r.name, r.image, r.sort_order, r.category_id, rc.name as category_name,
      r.classes_required, r.min_days_in_rank
    from c join client_ranks r on r.organization_id = c.organization_id and r.id = c.rank_id
    join rank_categories rc on rc.organization_id = r.organization_id and rc.id = r.category_id),
  nxt as (
    select r.id, r.name, r.image, r.sort_order, r.classes_required, r.min_days_in_rank
    from client_ranks r, cur
    where r.organization_id = $1 and r.category_id = cur.category_id
      and (r.sort_order, r.id) > (cur.sort_order, cur.id)
    order by r.sort_order, r.id limit 1),
  since as (
    select coalesce(
      (select h.reached_at from contact_rank_history h, c
       where h.organization_id = c.organization_id and h.contact_id = c.id and h.rank_id = c.rank_id
       order by h.reached_at desc limit 1),
      (select created_at from c)) as at)`;

/** Completed, live class bookings of the contact, with the moment they attended. */
const ATTENDED = `
  select b.booking_type_id, coalesce(b.attend_date, b.start_date) as at
  from bookings b
  where b.organization_id = $1 and b.contact_id = $2 and b.status = 'completed'
    and b.type = 'class' and not b.is_deleted`;

const PROGRESSION_SQL = `
  with ${CONTACT_RANK}
  select
    (select row_to_json(cur) from cur) as cur,
    (select row_to_json(nxt) from nxt) as nxt,
    ${isoTextOf('since.at')} as since,
    floor(extract(epoch from now() - since.at) / 86400)::int as days,
    (select count(*)::int from (${ATTENDED}) a where a.at > since.at) as classes,
    (select coalesce(json_agg(json_build_object('rankId', h.rank_id, 'rankName', r.name,
        'reachedAt', ${isoTextOf('h.reached_at')}) order by h.reached_at desc), '[]'::json)
     from (select * from contact_rank_history
           where organization_id = $1 and contact_id = $2 order by reached_at desc limit ${RANK_HISTORY_LIMIT}) h
     left join client_ranks r on r.organization_id = h.organization_id and r.id = h.rank_id) as history
  from c, since`;

/**
 * Per program (the booking types' program name), attendance over 30 and 90 days and since the
 * current rank; the progression of the same name (case and spaces aside) is the program's ladder.
 * The current rank's progression is listed even without attendance.
 */
const PROGRAMS_SQL = `
  with ${CONTACT_RANK},
  att as (
    select lower(btrim(bt.program_name)) as key, min(btrim(bt.program_name)) as program,
      count(*) filter (where a.at >= now() - interval '30 days')::int as d30,
      count(*) filter (where a.at >= now() - interval '90 days')::int as d90,
      count(*) filter (where a.at > (select at from since))::int as since_rank,
      max(a.at) as last_at
    from (${ATTENDED} and coalesce(b.attend_date, b.start_date) >= least(now() - interval '90 days', (select at from since))) a
    join booking_types bt on bt.organization_id = $1 and bt.id = a.booking_type_id
    where bt.program_name is not null and btrim(bt.program_name) <> ''
    group by 1),
  keys as (
    select key, program from att
    union
    select lower(btrim(category_name)), btrim(category_name) from cur
    where not exists (select 1 from att where att.key = lower(btrim(cur.category_name))))
  select k.program, rc.id as category_id,
    (cur.category_id is not null) as is_current,
    cur.name as rank_name, (select name from nxt) as next_rank_name,
    coalesce(att.d30, 0) as d30, coalesce(att.d90, 0) as d90, coalesce(att.since_rank, 0) as since_rank,
    ${isoTextOf('att.last_at')} as last_at,
    exists (select 1 from booking_types bt where bt.organization_id = $1
            and lower(btrim(bt.program_name)) = k.key) as has_classes
  from keys k
  left join att on att.key = k.key
  left join lateral (select id from rank_categories
                     where organization_id = $1 and lower(btrim(name)) = k.key order by sort_order, id limit 1) rc on true
  left join cur on lower(btrim(cur.category_name)) = k.key
  order by (cur.category_id is not null) desc, coalesce(att.d90, 0) desc, k.program
  limit 50`;

interface RankJson {
  id: string;
  name: string;
  image: string | null;
  sort_order: number;
  category_id?: string;
  category_name?: string;
  classes_required: number | null;
  min_days_in_rank: number | null;
}
type Json<T> = T | string | null;
const parsed = <T>(v: Json<T>): T | null => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

const rankRef = (r: RankJson | null) =>
  r && {
    _id: r.id,
    name: r.name,
    image: r.image,
    sortOrder: r.sort_order,
    classesRequired: r.classes_required,
    minDaysInRank: r.min_days_in_rank,
  };

/** The figures against the next rank's requirements; none set (or no next rank) never qualifies. */
export function qualificationCheck(
  classes: number,
  days: number,
  next: { classesRequired: number | null; minDaysInRank: number | null } | null,
): QualificationCheck {
  const classesRequired = next?.classesRequired ?? null;
  const minDaysInRank = next?.minDaysInRank ?? null;
  const classesRemaining = Math.max(0, (classesRequired ?? 0) - classes);
  const daysRemaining = Math.max(0, (minDaysInRank ?? 0) - days);
  const hasRequirements = classesRequired !== null || minDaysInRank !== null;
  return {
    classesAttended: classes,
    classesRequired,
    classesRemaining,
    daysInRank: Math.max(0, days),
    minDaysInRank,
    daysRemaining,
    hasRequirements,
    qualifies: hasRequirements && classesRemaining === 0 && daysRemaining === 0,
  };
}

export async function contactQualification(
  tx: Tx,
  orgId: string,
  contactId: string,
): Promise<ContactQualification> {
  const [row] = await preparedRows<{
    cur: Json<RankJson>;
    nxt: Json<RankJson>;
    since: string | null;
    days: number;
    classes: number;
    history: Json<{ rankId: string | null; rankName: string | null; reachedAt: string }[]>;
  }>(tx, 'contact_qualified_progression', PROGRESSION_SQL, [orgId, contactId]);
  if (!row) throw notFound('Contact');
  const cur = parsed(row.cur);
  const next = rankRef(parsed(row.nxt));
  const days = Number(row.days);
  const programs = await preparedRows<{
    program: string;
    category_id: string | null;
    is_current: boolean;
    rank_name: string | null;
    next_rank_name: string | null;
    d30: number;
    d90: number;
    since_rank: number;
    last_at: string | null;
    has_classes: boolean;
  }>(tx, 'contact_qualified_programs', PROGRAMS_SQL, [orgId, contactId]);
  return {
    contactId,
    progression: {
      category: cur ? { _id: cur.category_id!, name: cur.category_name! } : null,
      currentRank: rankRef(cur),
      nextRank: next,
      rankSince: cur ? row.since : null,
      check: cur ? qualificationCheck(Number(row.classes), days, next) : null,
      history: parsed(row.history) ?? [],
    },
    programs: programs.map((p) => ({
      program: p.program,
      categoryId: p.category_id,
      rankName: p.is_current ? p.rank_name : null,
      nextRankName: p.is_current ? p.next_rank_name : null,
      attendedLast30Days: Number(p.d30),
      attendedLast90Days: Number(p.d90),
      lastAttendedAt: p.last_at,
      check: p.is_current ? qualificationCheck(Number(p.since_rank), days, next) : null,
      hasClasses: p.has_classes,
    })),
  };
}
