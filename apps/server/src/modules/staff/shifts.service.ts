import type { ShiftWeek, UpdateShiftsBody } from '@opsuite/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { rows } from '../../lib/sql.ts';
import type { RequestContext } from '../../plugins/types.ts';
import { recordActivity } from '../contacts/index.ts';
import type { StoredShift } from './shifts.tables.ts';

// contact/update-shifts: an employee contact's shifts for one week, stored as a plain list that
// each call replaces whole (see shifts.tables.ts). A shift belongs to the week in which it
// starts, by the organisation's time zone; shifts of one person may not overlap.

/** Contact types that work shifts. */
const STAFF_TYPES = ['employee', 'admin', 'primary'];

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function localDate(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(instant));
}

interface WeekRow {
  contact_id: string;
  full_name: string;
  week_start: string;
  shifts: StoredShift[] | string;
}

const answerOf = (r: WeekRow, week: ShiftWeek) => ({
  contactId: r.contact_id,
  fullName: r.full_name,
  startOfWeek: week.startOfWeek,
  endOfWeek: week.endOfWeek,
  shifts: typeof r.shifts === 'string' ? (JSON.parse(r.shifts) as StoredShift[]) : r.shifts,
});

export async function updateShifts(tx: Tx, ctx: RequestContext, week: ShiftWeek, body: UpdateShiftsBody) {
  const orgId = ctx.organizationId;
  const [contact] = await rows<{ full_name: string; type: string | null }>(
    tx,
    sql`select c.full_name, ct.type from contacts c
        left join contact_types ct on ct.organization_id = c.organization_id and ct.id = c.contact_type_id
        where c.organization_id = ${orgId} and c.id = ${body.contactId} and c.deleted_at is null
        for update of c`,
  );
  if (!contact) throw notFound('Contact');
  if (!contact.type || !STAFF_TYPES.includes(contact.type)) {
    throw invalid('contactId', 'shifts can only be saved for an employee');
  }
  const timeZone = ctx.organization.timeZone;
  const shifts: StoredShift[] = body.shifts
    .map((s, i) => {
      const day = localDate(s.startDate, timeZone);
      if (day < week.startOfWeek || day > week.endOfWeek) {
        throw invalid(
          `shifts.${i}.startDate`,
          `must fall within the week ${week.startOfWeek} to ${week.endOfWeek}`,
        );
      }
      return {
        _id: s._id ?? newId(),
        shiftName: s.shiftName,
        positionIds: [...new Set(s.positionIds)],
        startDate: new Date(s.startDate).toISOString(),
        endDate: new Date(s.endDate).toISOString(),
      };
    })
    .sort((a, b) => a.startDate.localeCompare(b.startDate));
  for (let i = 1; i < shifts.length; i++) {
    if (shifts[i]!.startDate < shifts[i - 1]!.endDate) {
      throw invalid('shifts', `${shifts[i]!.shiftName} overlaps ${shifts[i - 1]!.shiftName}`);
    }
  }
  if (new Set(shifts.map((s) => s._id)).size !== shifts.length)
    throw invalid('shifts', 'a shift id is repeated');
  if (shifts.length === 0) {
    await tx.execute(sql`delete from contact_shifts where organization_id = ${orgId}
      and contact_id = ${body.contactId} and week_start = ${week.startOfWeek}`);
  } else {
    await tx.execute(sql`
      insert into contact_shifts (organization_id, contact_id, week_start, shifts, updated_by)
      values (${orgId}, ${body.contactId}, ${week.startOfWeek}, ${JSON.stringify(shifts)}::jsonb, ${ctx.userId})
      on conflict (organization_id, contact_id, week_start)
      do update set shifts = excluded.shifts, updated_by = excluded.updated_by, updated_at = now()`);
  }
  await recordActivity(tx, {
    organizationId: orgId,
    contactId: body.contactId,
    kind: 'contact.shifts',
    title: 'Shift updated',
    data: { startOfWeek: week.startOfWeek, shifts: shifts.length },
    actorUserId: ctx.userId,
  });
  return answerOf(
    { contact_id: body.contactId, full_name: contact.full_name, week_start: week.startOfWeek, shifts },
    week,
  );
}

/** The week's saved shifts, one entry per person (by name), a page at a time, in one statement. */
export async function listShifts(
  tx: Tx,
  orgId: string,
  q: ShiftWeek & { contactId?: string; page: number; pageSize: number },
) {
  const found = await rows<WeekRow>(
    tx,
    sql`select s.contact_id, c.full_name, s.week_start::text as week_start, s.shifts
        from contact_shifts s
        join contacts c on c.organization_id = s.organization_id and c.id = s.contact_id and c.deleted_at is null
        where s.organization_id = ${orgId} and s.week_start = ${q.startOfWeek}
          ${q.contactId ? sql`and s.contact_id = ${q.contactId}` : sql``}
        order by lower(c.full_name), c.id
        limit ${q.pageSize + 1} offset ${(q.page - 1) * q.pageSize}`,
  );
  return {
    list: found.slice(0, q.pageSize).map((r) => answerOf(r, q)),
    pagination: { page: q.page, pageSize: q.pageSize, hasMore: found.length > q.pageSize },
  };
}
