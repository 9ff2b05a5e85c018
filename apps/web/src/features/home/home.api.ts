import type { CalendarItem } from '@opsuite/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../app/api-client';
import { addDaysToIsoDate, todayInZone, zonedIso } from '../../app/zone-time';

// What the staff home reads: the classes the signed-in employee teaches today, from the calendar
// feed filtered by instructor (the booking module's `GET /calendar/events?instructorId=`).

/** The organisation day `today` as the instants it starts and ends at. */
export function dayRange(today: string, timeZone: string): { start: string; end: string } {
  return {
    start: zonedIso(today, '00:00', timeZone),
    end: zonedIso(addDaysToIsoDate(today, 1), '00:00', timeZone),
  };
}

export function useMyClassesToday(
  orgId: string | undefined,
  instructorId: string | null,
  timeZone: string,
  enabled: boolean,
) {
  const today = todayInZone(timeZone);
  return useQuery({
    queryKey: ['home', orgId, 'my-classes', instructorId, today],
    queryFn: ({ signal }) =>
      api.get<{ list: CalendarItem[] }>('/calendar/events', {
        query: { ...dayRange(today, timeZone), filters: 'Classes', instructorId: instructorId ?? undefined },
        signal,
      }),
    enabled: Boolean(enabled && orgId && instructorId),
    select: (answer) =>
      answer.list
        .filter((item) => item.kind === 'class' && item.extendedProps.instructorId === instructorId)
        .sort((a, b) => a.start.localeCompare(b.start)),
  });
}
