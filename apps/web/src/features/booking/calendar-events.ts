import type { EventInput } from '@fullcalendar/core';
import type { CalendarFilter, CalendarItem } from '@opsuite/shared';
import { clampAttended } from '@opsuite/shared/rules/kiosk';

// How the calendar's items become FullCalendar events: which filter shows them (
// Events, Appointments, Classes) and the colour of their event colour name.

export const FILTERS: readonly CalendarFilter[] = ['Events', 'Appointments', 'Classes'];

/** The calendar each filter stands for, in the sidebar's colours. */
export const FILTER_COLORS: Record<CalendarFilter, string> = {
  Events: 'grape',
  Appointments: 'teal',
  Classes: 'blue',
};

export interface CalendarPermissions {
  /** Move appointments (booking update). */
  canUpdate: boolean;
  /** Move and stretch class slots (calendar update); the same as canUpdate unless given. */
  canEditClasses?: boolean;
}

/** "6:00 PM" on the grid's axis, list rows and events FullCalendar lays out itself. */
export const CLOCK_FORMAT = { hour: 'numeric', minute: '2-digit', meridiem: 'short' } as const;

/** FullCalendar's "HH:mm:ss" for a slot length in minutes. */
export function slotDuration(minutes: number): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}:00`;
}

/** "6:00 PM": a clock time in the organisation's zone, with AM/PM. */
export function clockTime(instant: string | number | Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZone,
  }).format(new Date(instant));
}

/** "6:00 PM - 7:00 PM": an item's times on the week and day grids. */
export function clockTimeRange(start: string, end: string, timeZone: string): string {
  return `${clockTime(start, timeZone)} - ${clockTime(end, timeZone)}`;
}

/**
 * Where a phone's day view opens: the first timed item of `day` (its hour), else the current hour,
 * as FullCalendar's "HH:00:00" scroll time.
 */
export function phoneScrollTime(
  items: readonly CalendarItem[],
  day: string,
  timeZone: string,
  now: number = Date.now(),
): string {
  const hourOf = (at: string | number) =>
    Number(
      new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone }).format(new Date(at)),
    );
  const dayOf = (at: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(at));
  const starts = items
    .filter((item) => !item.allDay && dayOf(item.start) === day)
    .map((item) => hourOf(item.start));
  const hour = starts.length ? Math.min(...starts) : hourOf(now);
  return `${String(hour).padStart(2, '0')}:00:00`;
}

/** "3/20" for a class with a capacity, "3 booked" without one. */
export function classSeats(item: CalendarItem): string {
  const booked = item.extendedProps.bookedCount ?? 0;
  const capacity = item.extendedProps.capacity;
  return capacity ? `${booked}/${capacity}` : `${booked} booked`;
}

/** "Yoga · 3/20" for a class with a capacity, "Yoga · 3 booked" without one. */
export function classTitle(item: CalendarItem): string {
  return `${item.title} · ${classSeats(item)}`;
}

export function itemTitle(item: CalendarItem): string {
  if (item.kind === 'class') return classTitle(item);
  const who = item.extendedProps.contactName;
  // The server may already name the member in the title ("Private Lesson: Morgan Member").
  if (item.kind === 'appointment' && who && !item.title.includes(who)) return `${item.title} · ${who}`;
  return item.title;
}

/** The items whose calendar is switched on, as FullCalendar events coloured by colour name. */
export function toCalendarEvents(
  items: readonly CalendarItem[],
  filters: ReadonlySet<CalendarFilter>,
  hexOf: (colorName: string) => string,
  { canUpdate, canEditClasses = canUpdate }: CalendarPermissions,
): EventInput[] {
  return items
    .filter((item) => filters.has(item.calendar))
    .map((item) => {
      const color = item.color || hexOf(item.colorName);
      const movable = item.kind === 'class' ? canEditClasses : canUpdate && item.kind !== 'event';
      return {
        id: item.id,
        title: itemTitle(item),
        start: item.start,
        end: item.end,
        allDay: item.allDay,
        backgroundColor: color,
        borderColor: color,
        startEditable: movable,
        durationEditable: canEditClasses && item.kind === 'class',
        classNames: [`opsuite-${item.kind}`, item.extendedProps.status === 'completed' ? 'is-completed' : ''],
        extendedProps: {
          item,
          attended: clampAttended(item.extendedProps.attendedSlots ?? 0),
        },
      } satisfies EventInput;
    });
}

/** Switching one filter on or off; "View all" turns every filter on, or all off when all are on. */
export function toggleFilter(
  current: ReadonlySet<CalendarFilter>,
  filter: CalendarFilter | 'all',
): Set<CalendarFilter> {
  if (filter === 'all') return current.size === FILTERS.length ? new Set() : new Set(FILTERS);
  const next = new Set(current);
  if (next.has(filter)) next.delete(filter);
  else next.add(filter);
  return next;
}
