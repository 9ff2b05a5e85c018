// A member's cancellation of a class: free until the organisation's cut-off before the start
// (minutes; 0 means until the start), allowed but marked late between the cut-off and the start,
// refused once the class has started (cancelling then would only hide a no-show).

export const CANCEL_CUTOFF_MAX_MINUTES = 7 * 24 * 60;

export type CancelWindow = 'free' | 'late' | 'started';

/** Where `now` falls for a class starting at `startsAt` (both instants, ms or ISO text). */
export function cancelWindow(startsAt: string | number, now: number, cutoffMinutes: number): CancelWindow {
  const start = typeof startsAt === 'number' ? startsAt : Date.parse(startsAt);
  if (now >= start) return 'started';
  return now >= start - Math.max(0, cutoffMinutes) * 60_000 ? 'late' : 'free';
}

/** The last instant a cancellation is free, or null when the cut-off is 0 (free until the start). */
export function freeCancelUntil(startsAt: string, cutoffMinutes: number): string | null {
  if (cutoffMinutes <= 0) return null;
  return new Date(Date.parse(startsAt) - cutoffMinutes * 60_000).toISOString();
}

/** The cut-off as people say it: "2 hours", "90 minutes", "1 day". */
export function cutoffText(minutes: number): string {
  if (minutes <= 0) return 'until the class starts';
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (minutes % 1440 === 0) return unit(minutes / 1440, 'day');
  if (minutes % 60 === 0) return unit(minutes / 60, 'hour');
  return unit(minutes, 'minute');
}
