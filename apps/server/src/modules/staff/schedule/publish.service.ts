import { formatDayLabel, formatInstantAt, shiftByDays, zonedWeek } from '@opsuite/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { conflict, invalid } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { isoText, rows } from '../../../lib/sql.ts';
import type { RequestContext } from '../../../plugins/types.ts';
import { json, requireManager } from '../access.ts';
import { logActivity } from './activity.ts';
import type { Outbox } from './notify.ts';
import { lockEmployees } from './shift-rows.ts';

/** 'Dec 13, 2026': a week's first day as the product writes dates, never the ISO form. */
const weekLabel = (startOfWeek: string) =>
  formatDayLabel(startOfWeek, { weekday: undefined, year: 'numeric' });

// Publishing a week copies each shift's draft over what employees see and e-mails everyone whose
// shifts changed; reverting withdraws the week's published shifts (back to drafts); copying last
// week repeats its shifts at the same wall-clock times; the grid's rows keep a manual order.

const tz = (ctx: RequestContext) => ctx.organization.timeZone;

function weekRange(ctx: RequestContext, startOfWeek: string) {
  const week = zonedWeek(startOfWeek, tz(ctx));
  return { week, from: new Date(week.startsAt).toISOString(), to: new Date(week.endsAt).toISOString() };
}

interface Changed {
  contact_id: string;
  pub_contact_id: string | null;
}

/** The e-mails of a week's change: each employee gets their published shifts of that week. */
async function mailWeek(
  tx: Tx,
  ctx: RequestContext,
  outbox: Outbox,
  contactIds: string[],
  startOfWeek: string,
  intro: string,
) {
  if (contactIds.length === 0) return 0;
  const { from, to } = weekRange(ctx, startOfWeek);
  const people = await rows<{ id: string; full_name: string; email: string | null }>(
    tx,
    sql`select id, full_name, email from contacts where organization_id = ${ctx.organizationId}
        and id = any(${sql.param(contactIds)}::uuid[]) and deleted_at is null`,
  );
  const shifts = await rows<{ contact_id: string; name: string; start_at: string; end_at: string }>(
    tx,
    sql`select pub_contact_id as contact_id, pub_shift_name as name, ${isoText(sql`pub_start_at`)} as start_at,
          ${isoText(sql`pub_end_at`)} as end_at
        from employee_shifts where organization_id = ${ctx.organizationId}
          and pub_contact_id = any(${sql.param(contactIds)}::uuid[]) and pub_start_at >= ${from} and pub_start_at < ${to}
        order by pub_start_at`,
  );
  for (const p of people) {
    const mine = shifts.filter((s) => s.contact_id === p.id);
    outbox.add(p.email, `Your schedule for the week of ${weekLabel(startOfWeek)}`, [
      `Hello ${p.full_name},`,
      '',
      intro,
      '',
      ...(mine.length
        ? mine.map(
            (s) =>
              `- ${s.name}: ${formatInstantAt(s.start_at, tz(ctx))} to ${formatInstantAt(s.end_at, tz(ctx))}`,
          )
        : ['You have no shifts that week.']),
    ]);
  }
  return people.filter((p) => p.email).length;
}

export async function publishWeek(tx: Tx, ctx: RequestContext, startOfWeek: string, outbox: Outbox) {
  requireManager(ctx, 'publish the schedule');
  const orgId = ctx.organizationId;
  const { from, to } = weekRange(ctx, startOfWeek);
  // Serialises publications of one week (and of a revert racing it).
  await tx.execute(
    sql`insert into schedule_weeks (organization_id, week_start, status) values (${orgId}, ${startOfWeek}, 'draft')
        on conflict (organization_id, week_start) do update set updated_at = schedule_weeks.updated_at`,
  );
  const changed = await rows<Changed>(
    tx,
    sql`select contact_id, pub_contact_id from employee_shifts
        where organization_id = ${orgId} and start_at >= ${from} and start_at < ${to}
          and (removed_at is not null or pub_contact_id is null or pub_contact_id <> contact_id
               or pub_start_at <> start_at or pub_end_at <> end_at or pub_shift_name <> shift_name
               or pub_position_ids <> position_ids)
        for update`,
  );
  await tx.execute(
    sql`delete from employee_shifts where organization_id = ${orgId} and start_at >= ${from} and start_at < ${to}
          and removed_at is not null`,
  );
  await tx.execute(
    sql`update employee_shifts set pub_contact_id = contact_id, pub_shift_name = shift_name,
          pub_position_ids = position_ids, pub_start_at = start_at, pub_end_at = end_at, published_at = now()
        where organization_id = ${orgId} and start_at >= ${from} and start_at < ${to}
          and (pub_contact_id is null or pub_contact_id <> contact_id or pub_start_at <> start_at
               or pub_end_at <> end_at or pub_shift_name <> shift_name or pub_position_ids <> position_ids)`,
  );
  const [week] = await rows<{ published_at: string }>(
    tx,
    sql`update schedule_weeks set status = 'published', published_at = now(), published_by = ${ctx.userId}, updated_at = now()
        where organization_id = ${orgId} and week_start = ${startOfWeek}
        returning ${isoText(sql`published_at`)} as published_at`,
  );
  const people = [
    ...new Set(changed.flatMap((c) => [c.contact_id, c.pub_contact_id]).filter((v): v is string => !!v)),
  ];
  const notified = await mailWeek(
    tx,
    ctx,
    outbox,
    people,
    startOfWeek,
    'Your schedule has been published or changed:',
  );
  await logActivity(
    tx,
    ctx,
    'schedule.published',
    `Week of ${startOfWeek} published (${changed.length} changed)`,
    startOfWeek,
  );
  return { publishedAt: week?.published_at ?? null, changed: changed.length, notified };
}

export async function revertWeek(tx: Tx, ctx: RequestContext, startOfWeek: string, outbox: Outbox) {
  requireManager(ctx, 'revert the schedule');
  const orgId = ctx.organizationId;
  const { from, to } = weekRange(ctx, startOfWeek);
  const [state] = await rows<{ status: string }>(
    tx,
    sql`select status from schedule_weeks where organization_id = ${orgId} and week_start = ${startOfWeek} for update`,
  );
  if (state?.status !== 'published') throw conflict('This week is not published', 'startOfWeek');
  const withdrawn = await rows<{ pub_contact_id: string }>(
    tx,
    sql`select distinct pub_contact_id from employee_shifts
        where organization_id = ${orgId} and pub_contact_id is not null
          and ((pub_start_at >= ${from} and pub_start_at < ${to}) or (start_at >= ${from} and start_at < ${to}))`,
  );
  await tx.execute(
    sql`update shift_pool p set status = 'withdrawn', updated_at = now() from employee_shifts s
        where p.organization_id = ${orgId} and p.status = 'offered' and s.organization_id = p.organization_id
          and s.id = p.shift_id and s.start_at >= ${from} and s.start_at < ${to}`,
  );
  await tx.execute(
    sql`delete from employee_shifts where organization_id = ${orgId} and start_at >= ${from} and start_at < ${to}
          and removed_at is not null`,
  );
  const [reverted] = await rows<{ n: number }>(
    tx,
    sql`with u as (update employee_shifts set pub_contact_id = null, pub_shift_name = null, pub_position_ids = null,
          pub_start_at = null, pub_end_at = null, published_at = null
        where organization_id = ${orgId} and pub_contact_id is not null
          and ((pub_start_at >= ${from} and pub_start_at < ${to}) or (start_at >= ${from} and start_at < ${to}))
        returning 1) select count(*)::int as n from u`,
  );
  await tx.execute(
    sql`update schedule_weeks set status = 'draft', updated_at = now() where organization_id = ${orgId} and week_start = ${startOfWeek}`,
  );
  const notified = await mailWeek(
    tx,
    ctx,
    outbox,
    withdrawn.map((w) => w.pub_contact_id),
    startOfWeek,
    'The published schedule of this week was withdrawn; a new one will follow. Until then you have no shifts that week.',
  );
  await logActivity(tx, ctx, 'schedule.reverted', `Week of ${startOfWeek} reverted to draft`, startOfWeek);
  return { publishedAt: null, changed: reverted?.n ?? 0, notified };
}

/** Repeats last week's shifts in this week, skipping any that would overlap one already there. */
export async function copyLastWeek(tx: Tx, ctx: RequestContext, startOfWeek: string) {
  requireManager(ctx, 'change the schedule');
  const orgId = ctx.organizationId;
  const prev = zonedWeek(shiftByDays(zonedWeek(startOfWeek, tz(ctx)).startsAt, -7, tz(ctx)), tz(ctx));
  const source = await rows<{
    contact_id: string;
    shift_name: string;
    position_ids: string[] | string;
    start_at: string;
    end_at: string;
    note: string | null;
  }>(
    tx,
    sql`select s.contact_id, s.shift_name, s.position_ids, ${isoText(sql`s.start_at`)} as start_at,
          ${isoText(sql`s.end_at`)} as end_at, s.note
        from employee_shifts s join contacts c on c.organization_id = s.organization_id and c.id = s.contact_id
        where s.organization_id = ${orgId} and s.removed_at is null and c.deleted_at is null
          and s.start_at >= ${new Date(prev.startsAt).toISOString()} and s.start_at < ${new Date(prev.endsAt).toISOString()}
        order by s.start_at`,
  );
  if (source.length === 0) throw invalid('startOfWeek', 'last week has no shifts to copy');
  await lockEmployees(
    tx,
    orgId,
    source.map((s) => s.contact_id),
  );
  let copied = 0;
  let skipped = 0;
  for (const s of source) {
    const start = new Date(shiftByDays(Date.parse(s.start_at), 7, tz(ctx))).toISOString();
    const end = new Date(shiftByDays(Date.parse(s.end_at), 7, tz(ctx))).toISOString();
    const inserted = await rows<{ id: string }>(
      tx,
      sql`insert into employee_shifts (organization_id, id, contact_id, shift_name, position_ids, start_at, end_at, note, created_by)
          select ${orgId}, ${newId()}, ${s.contact_id}, ${s.shift_name}, ${JSON.stringify(json(s.position_ids))}::jsonb,
            ${start}, ${end}, ${s.note}, ${ctx.userId}
          where ${end}::timestamptz > ${start}::timestamptz and not exists (
            select 1 from employee_shifts o where o.organization_id = ${orgId} and o.contact_id = ${s.contact_id}
              and o.removed_at is null and o.start_at < ${end} and o.end_at > ${start})
          returning id`,
    );
    if (inserted.length) copied += 1;
    else skipped += 1;
  }
  await logActivity(
    tx,
    ctx,
    'schedule.copied',
    `Last week copied into the week of ${weekLabel(startOfWeek)} (${copied} shifts)`,
    startOfWeek,
  );
  return { copied, skipped };
}

/** The grid's rows in the order given (dragged by a manager). */
export async function saveRowOrder(tx: Tx, ctx: RequestContext, contactIds: string[]) {
  requireManager(ctx, 'reorder the schedule');
  const orgId = ctx.organizationId;
  const ids = [...new Set(contactIds)];
  const found = await rows<{ id: string }>(
    tx,
    sql`select id from contacts where organization_id = ${orgId} and id = any(${sql.param(ids)}::uuid[]) and deleted_at is null`,
  );
  if (found.length !== ids.length) throw invalid('contactIds', 'not found in this organisation');
  await tx.execute(
    sql`insert into staff_members (organization_id, contact_id, row_order)
        select ${orgId}, x.id, x.n::int from unnest(${sql.param(ids)}::uuid[]) with ordinality x(id, n)
        on conflict (organization_id, contact_id) do update set row_order = excluded.row_order, updated_at = now()`,
  );
  await logActivity(tx, ctx, 'schedule.reordered', 'Row order updated');
}
