import type { EventContentArg } from '@fullcalendar/core';
import type { CalendarItem } from '@opsuite/shared';
import classes from '../calendar.module.css';
import { classSeats, clockTimeRange, itemTitle } from '../calendar-events';

/**
 * One event on the week and day grids: its times, its name on one line (cut with an ellipsis,
 * the whole name in the tooltip) and, for a class, its seats on a line of their own, so a
 * one-hour class in a narrow column still shows how full it is. Month and list views keep
 * FullCalendar's own layout (`true`), which shows the whole title (the month view's is cut by CSS).
 * Times read "6:00 PM - 7:00 PM" in the organisation's zone when it is given.
 */
export function calendarEventContent(arg: EventContentArg, timeZone?: string) {
  const item = arg.event.extendedProps.item as CalendarItem | undefined;
  if (!item || !arg.view.type.startsWith('timeGrid')) return true;
  const name = item.kind === 'class' ? item.title : itemTitle(item);
  return (
    <div className={classes.event} title={itemTitle(item)}>
      {arg.timeText && (
        <div className={classes.eventTime}>
          {timeZone ? clockTimeRange(item.start, item.end, timeZone) : arg.timeText}
        </div>
      )}
      <div className={classes.eventName}>{name}</div>
      {item.kind === 'class' && <div className={classes.eventSeats}>{classSeats(item)}</div>}
    </div>
  );
}
