import type { ClassScheduleAnswer } from '@opsuite/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { invalid, missing } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { isoDay, isoText, rows } from '../../../lib/sql.ts';
import { bookingSlots, classSchedules } from '../booking.tables.ts';
import { addDays, dayOfWeek, daysBetween, laterDay, slotInstants, todayIn } from '../time.ts';
import { assertInstructor } from '../types/instructors.ts';
import { bookingTypeOrMissing } from '../types/types.service.ts';

// Weekly recurring classes and the slots they generate. Generation is idempotent (one slot per
// schedule and day, enforced by a unique index) and incremental: `generated_until` records how
// far it went, so a day an admin deleted is never brought back.

/** Slots are generated this far ahead of today, and never further than a year ahead. */
export const GENERATION_AHEAD_DAYS = 28;
const GENERATION_MAX_AHEAD_DAYS = 366;
const GENERATION_MAX_SPAN_DAYS = 800;

export interface ScheduleInput {
  bookingTypeId?: string;
  daysOfWeek?: number[];
  startTime?: string;
  endTime?: string;
  capacity?: number | null;
  fromDate?: string;
  untilDate?: string | null;
  type?: 'class' | 'other';
  isActive?: boolean;
  instructorId?: string | null;
}

type Schedule = typeof classSchedules.$inferSelect;

/**
 * Creates the missing slots of one schedule up to `target` (a day); answers how many it made.
 * `target` is clipped to the schedule's until date and to a year ahead.
 */
export async function generateSlots(tx: Tx, orgId: string, timeZone: string, s: Schedule, target: string) {
  if (!s.isActive) return 0;
  const today = todayIn(timeZone);
  let to = target;
  if (s.untilDate && s.untilDate < to) to = s.untilDate;
  const cap = addDays(today, GENERATION_MAX_AHEAD_DAYS);
  if (to > cap) to = cap;
  let from = s.generatedUntil ? addDays(s.generatedUntil, 1) : s.fromDate;
  if (from < s.fromDate) from = s.fromDate;
  if (daysBetween(from, to) > GENERATION_MAX_SPAN_DAYS) from = addDays(to, -GENERATION_MAX_SPAN_DAYS);
  if (from > to) return 0;
  const days = new Set(s.daysOfWeek);
  const values: (typeof bookingSlots.$inferInsert)[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    if (!days.has(dayOfWeek(d))) continue;
    values.push({
      organizationId: orgId,
      id: newId(),
      bookingTypeId: s.bookingTypeId,
      scheduleId: s.id,
      date: d,
      startTime: s.startTime,
      endTime: s.endTime,
      ...slotInstants(d, s.startTime, s.endTime, timeZone),
      type: s.type,
      capacity: s.capacity,
    });
  }
  let created = 0;
  if (values.length > 0) {
    const made = await tx
      .insert(bookingSlots)
      .values(values)
      .onConflictDoNothing({
        target: [bookingSlots.organizationId, bookingSlots.scheduleId, bookingSlots.date],
        where: sql`schedule_id is not null`,
      })
      .returning({ id: bookingSlots.id });
    created = made.length;
  }
  await tx
    .update(classSchedules)
    .set({ generatedUntil: to })
    .where(and(eq(classSchedules.organizationId, orgId), eq(classSchedules.id, s.id)));
  return created;
}

/** Before a read of days up to `endDate`: extends every active schedule that stops short of it. */
export async function ensureSlotsGenerated(tx: Tx, orgId: string, timeZone: string, endDate: string) {
  const due = await tx
    .select()
    .from(classSchedules)
    .where(
      and(
        eq(classSchedules.organizationId, orgId),
        eq(classSchedules.isActive, true),
        sql`${classSchedules.fromDate} <= ${endDate}::date`,
        sql`(${classSchedules.generatedUntil} is null or ${classSchedules.generatedUntil} < ${endDate}::date)`,
        sql`(${classSchedules.untilDate} is null or ${classSchedules.generatedUntil} is null
             or ${classSchedules.generatedUntil} < ${classSchedules.untilDate})`,
      ),
    )
    // One order for every request, so two generating the same days cannot deadlock.
    .orderBy(classSchedules.id);
  const ahead = addDays(todayIn(timeZone), GENERATION_AHEAD_DAYS);
  for (const s of due) await generateSlots(tx, orgId, timeZone, s, endDate > ahead ? endDate : ahead);
}

interface ScheduleRow {
  id: string;
  bt_id: string;
  bt_title: string;
  days_of_week: number[];
  start_time: string;
  end_time: string;
  capacity: number | null;
  from_date: string;
  until_date: string | null;
  type: 'class' | 'other';
  is_active: boolean;
  generated_until: string | null;
  instructor_override: string | null;
  instructor_id: string | null;
  instructor_name: string | null;
  created_at: string;
}

const toAnswer = (r: ScheduleRow): ClassScheduleAnswer => ({
  _id: r.id,
  bookingType: { _id: r.bt_id, title: r.bt_title },
  daysOfWeek: [...r.days_of_week].map(Number).sort(),
  startTime: r.start_time,
  endTime: r.end_time,
  capacity: r.capacity,
  fromDate: r.from_date,
  untilDate: r.until_date,
  type: r.type,
  isActive: r.is_active,
  generatedUntil: r.generated_until,
  instructorId: r.instructor_override,
  instructor: r.instructor_id ? { _id: r.instructor_id, fullName: r.instructor_name ?? '' } : null,
  createdAt: r.created_at,
});

async function readSchedules(tx: Tx, orgId: string, id?: string) {
  const list = await rows<ScheduleRow>(
    tx,
    sql`select cs.id, bt.id as bt_id, bt.title as bt_title, cs.days_of_week, cs.start_time, cs.end_time,
          cs.capacity, ${isoDay(sql`cs.from_date`)} as from_date, ${isoDay(sql`cs.until_date`)} as until_date,
          cs.type, cs.is_active, ${isoDay(sql`cs.generated_until`)} as generated_until,
          cs.instructor_id as instructor_override, ic.id as instructor_id, ic.full_name as instructor_name,
          ${isoText(sql`cs.created_at`)} as created_at
        from class_schedules cs
        join booking_types bt on bt.organization_id = cs.organization_id and bt.id = cs.booking_type_id
        left join contacts ic on ic.organization_id = cs.organization_id
          and ic.id = coalesce(cs.instructor_id, bt.instructor_id)
        where cs.organization_id = ${orgId} ${id ? sql`and cs.id = ${id}` : sql``}
        order by cs.start_time, cs.id`,
  );
  return list.map(toAnswer);
}

export async function listSchedules(tx: Tx, orgId: string) {
  return { list: await readSchedules(tx, orgId) };
}

async function scheduleRow(tx: Tx, orgId: string, id: string) {
  const [row] = await tx
    .select()
    .from(classSchedules)
    .where(and(eq(classSchedules.organizationId, orgId), eq(classSchedules.id, id)))
    .for('update');
  if (!row) throw missing('Schedule');
  return row;
}

export async function createSchedule(tx: Tx, orgId: string, timeZone: string, body: ScheduleInput) {
  await bookingTypeOrMissing(tx, orgId, body.bookingTypeId!, 'bookingTypeId');
  await assertInstructor(tx, orgId, body.instructorId);
  const [row] = await tx
    .insert(classSchedules)
    .values({
      organizationId: orgId,
      id: newId(),
      bookingTypeId: body.bookingTypeId!,
      daysOfWeek: body.daysOfWeek!,
      startTime: body.startTime!,
      endTime: body.endTime!,
      capacity: body.capacity ?? null,
      fromDate: body.fromDate!,
      untilDate: body.untilDate ?? null,
      type: body.type ?? 'class',
      isActive: body.isActive ?? true,
      instructorId: body.instructorId ?? null,
    })
    .returning();
  const start = laterDay(row!.fromDate, todayIn(timeZone));
  const slotsCreated = await generateSlots(tx, orgId, timeZone, row!, addDays(start, GENERATION_AHEAD_DAYS));
  const [answer] = await readSchedules(tx, orgId, row!.id);
  return { ...answer!, slotsCreated };
}

/**
 * Future slots nobody booked follow the schedule (they are removed and generated again from
 * today); slots with bookings, and every past slot, keep their times.
 */
async function dropUntouchedFutureSlots(tx: Tx, orgId: string, scheduleId: string, today: string) {
  await tx.execute(
    sql`delete from booking_slots s
        where s.organization_id = ${orgId} and s.schedule_id = ${scheduleId} and s.date >= ${today}::date
          and s.attended_slots = 0
          and not exists (select 1 from bookings b where b.organization_id = s.organization_id and b.slot_id = s.id)`,
  );
}

export async function updateSchedule(
  tx: Tx,
  orgId: string,
  timeZone: string,
  id: string,
  body: ScheduleInput,
) {
  const current = await scheduleRow(tx, orgId, id);
  if (body.bookingTypeId) await bookingTypeOrMissing(tx, orgId, body.bookingTypeId, 'bookingTypeId');
  await assertInstructor(tx, orgId, body.instructorId);
  const next = { ...current };
  for (const [k, v] of Object.entries(body)) if (v !== undefined) (next as Record<string, unknown>)[k] = v;
  if (next.startTime === next.endTime) throw invalid('endTime', 'End time must differ from start time');
  if (next.untilDate && next.untilDate < next.fromDate) {
    throw invalid('untilDate', 'Until date must not be before the from date');
  }
  const today = todayIn(timeZone);
  await dropUntouchedFutureSlots(tx, orgId, id, today);
  const restart = addDays(laterDay(today, next.fromDate), -1);
  const [row] = await tx
    .update(classSchedules)
    .set({
      bookingTypeId: next.bookingTypeId,
      daysOfWeek: next.daysOfWeek,
      startTime: next.startTime,
      endTime: next.endTime,
      capacity: next.capacity,
      fromDate: next.fromDate,
      untilDate: next.untilDate,
      type: next.type,
      isActive: next.isActive,
      instructorId: next.instructorId,
      generatedUntil:
        current.generatedUntil === null || current.generatedUntil < restart
          ? current.generatedUntil
          : restart,
      updatedAt: new Date(),
    })
    .where(and(eq(classSchedules.organizationId, orgId), eq(classSchedules.id, id)))
    .returning();
  const start = laterDay(row!.fromDate, today);
  const slotsCreated = await generateSlots(tx, orgId, timeZone, row!, addDays(start, GENERATION_AHEAD_DAYS));
  const [answer] = await readSchedules(tx, orgId, id);
  return { ...answer!, slotsCreated };
}

/** Removes the schedule and its untouched future slots; booked or past slots stay as single slots. */
export async function deleteSchedule(tx: Tx, orgId: string, timeZone: string, id: string) {
  await scheduleRow(tx, orgId, id);
  await dropUntouchedFutureSlots(tx, orgId, id, todayIn(timeZone));
  await tx.execute(
    sql`update booking_slots set schedule_id = null where organization_id = ${orgId} and schedule_id = ${id}`,
  );
  await tx
    .delete(classSchedules)
    .where(and(eq(classSchedules.organizationId, orgId), eq(classSchedules.id, id)));
}
