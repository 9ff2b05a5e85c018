import { createPlugin } from '@fullcalendar/core';
import { NamedTimeZoneImpl } from '@fullcalendar/core/internal';
import { offsetMinutesAt, wallClockArray } from '../../app/zone-time';

/**
 * FullCalendar needs a plugin to place dates in a named time zone; this one asks the browser's
 * Intl data (no extra library), so the calendar shows the organisation's wall clock.
 */
class IntlNamedTimeZone extends NamedTimeZoneImpl {
  offsetForArray(a: number[]): number {
    const [y = 1970, mo = 0, d = 1, h = 0, mi = 0, s = 0, ms = 0] = a;
    const asUtc = Date.UTC(y, mo, d, h, mi, s, ms);
    // Two passes settle the offset next to a daylight-saving change.
    let offset = offsetMinutesAt(asUtc, this.timeZoneName);
    offset = offsetMinutesAt(asUtc - offset * 60_000, this.timeZoneName);
    return offset;
  }

  timestampToArray(ms: number): number[] {
    return wallClockArray(ms, this.timeZoneName);
  }
}

export const intlTimeZonePlugin = createPlugin({
  name: 'opsuite-intl-time-zone',
  namedTimeZonedImpl: IntlNamedTimeZone,
});
