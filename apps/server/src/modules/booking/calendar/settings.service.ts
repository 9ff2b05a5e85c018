import type { CalendarSettingsAnswer, EventColorName } from '@opsuite/shared';
import { eventColorHex } from '@opsuite/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { invalid, missing } from '../../../lib/errors.ts';
import { newId } from '../../../lib/ids.ts';
import { calendarEvents, calendarSettings } from '../booking.tables.ts';
import type { Org } from '../slots/slots.service.ts';
import { eventRows, rangeOf } from './calendar.service.ts';

// Calendar settings (one row per organisation, defaults until first saved) and the calendar's
// own events behind the legacy /apps/calendar calls.

const DEFAULTS = {
  weekStart: 0,
  slotDurationMinutes: 30,
  dayStartTime: '06:00',
  dayEndTime: '22:00',
  defaultView: 'timeGridWeek' as const,
  defaultCapacity: null,
  publicBookingDays: 14,
  cancelCutoffMinutes: 0,
};

type Settings = typeof calendarSettings.$inferSelect;

function settingsAnswer(row: Settings | undefined, timeZone: string): CalendarSettingsAnswer {
  const s = row ?? DEFAULTS;
  return {
    weekStart: s.weekStart,
    slotDurationMinutes: s.slotDurationMinutes,
    dayStartTime: s.dayStartTime,
    dayEndTime: s.dayEndTime,
    defaultView: s.defaultView as CalendarSettingsAnswer['defaultView'],
    defaultCapacity: s.defaultCapacity,
    publicBookingDays: s.publicBookingDays,
    cancelCutoffMinutes: s.cancelCutoffMinutes,
    timeZone,
  };
}

export async function readCalendarSettings(tx: Tx, orgId: string) {
  const [row] = await tx.select().from(calendarSettings).where(eq(calendarSettings.organizationId, orgId));
  return row;
}

export async function getCalendarSettings(tx: Tx, org: Org) {
  return settingsAnswer(await readCalendarSettings(tx, org.id), org.timeZone);
}

export async function saveCalendarSettings(
  tx: Tx,
  org: Org,
  body: Partial<Omit<Settings, 'organizationId'>>,
) {
  const current = settingsAnswer(await readCalendarSettings(tx, org.id), org.timeZone);
  const next = { ...current, ...Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) };
  if (next.dayEndTime <= next.dayStartTime) throw invalid('dayEndTime', 'Day end must be after day start');
  const values = {
    organizationId: org.id,
    weekStart: next.weekStart,
    slotDurationMinutes: next.slotDurationMinutes,
    dayStartTime: next.dayStartTime,
    dayEndTime: next.dayEndTime,
    defaultView: next.defaultView,
    defaultCapacity: next.defaultCapacity,
    publicBookingDays: next.publicBookingDays,
    cancelCutoffMinutes: next.cancelCutoffMinutes,
    updatedAt: new Date(),
  };
  const [row] = await tx
    .insert(calendarSettings)
    .values(values)
    .onConflictDoUpdate({ target: calendarSettings.organizationId, set: values })
    .returning();
  return settingsAnswer(row, org.timeZone);
}

// ------------------------------------------------------------------------------ events

export interface EventInput {
  title?: string;
  start?: string;
  end?: string;
  allDay?: boolean;
  colorName?: EventColorName;
  description?: string | null;
}

const eventAnswer = (orgColor: string) => (e: Awaited<ReturnType<typeof eventRows>>[number]) => ({
  _id: e.id,
  title: e.title,
  start: e.start_at,
  end: e.end_at,
  allDay: e.all_day,
  colorName: e.color_name as EventColorName,
  color: eventColorHex(e.color_name, orgColor),
  description: e.description,
});

export async function listEvents(tx: Tx, org: Org, q: { start?: string; end?: string }) {
  const range = q.start && q.end ? rangeOf(q.start, q.end, org.timeZone) : undefined;
  return { list: (await eventRows(tx, org.id, range?.from, range?.to)).map(eventAnswer(org.themeColor)) };
}

async function oneEvent(tx: Tx, org: Org, id: string) {
  const [row] = await eventRows(tx, org.id, undefined, undefined, id);
  if (!row) throw missing('Event');
  return eventAnswer(org.themeColor)(row);
}

export async function addEvent(tx: Tx, org: Org, userId: string, body: EventInput) {
  const id = newId();
  await tx.insert(calendarEvents).values({
    organizationId: org.id,
    id,
    title: body.title!,
    startAt: new Date(body.start!),
    endAt: new Date(body.end!),
    allDay: body.allDay ?? false,
    colorName: body.colorName ?? 'Default',
    description: body.description ?? null,
    createdBy: userId,
  });
  return oneEvent(tx, org, id);
}

export async function updateEvent(tx: Tx, org: Org, id: string, body: EventInput) {
  const set: Record<string, unknown> = { updatedAt: new Date() };
  if (body.title !== undefined) set.title = body.title;
  if (body.start !== undefined) set.startAt = new Date(body.start);
  if (body.end !== undefined) set.endAt = new Date(body.end);
  if (body.allDay !== undefined) set.allDay = body.allDay;
  if (body.colorName !== undefined) set.colorName = body.colorName;
  if (body.description !== undefined) set.description = body.description;
  const done = await tx
    .update(calendarEvents)
    .set(set)
    .where(and(eq(calendarEvents.organizationId, org.id), eq(calendarEvents.id, id)))
    .returning({ startAt: calendarEvents.startAt, endAt: calendarEvents.endAt });
  if (done.length === 0) throw missing('Event');
  if (done[0]!.endAt < done[0]!.startAt) throw invalid('end', 'End must not be before start');
  return oneEvent(tx, org, id);
}

export async function removeEvent(tx: Tx, orgId: string, id: string) {
  const gone = await tx
    .delete(calendarEvents)
    .where(sql`organization_id = ${orgId} and id = ${id}`)
    .returning({ id: calendarEvents.id });
  if (gone.length === 0) throw missing('Event');
}
