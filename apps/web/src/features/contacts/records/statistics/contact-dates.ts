import { plural } from '@opsuite/shared/rules/plural';
import dayjs, { type Dayjs } from 'dayjs';

// Date facts shown in the retention and birthday views.

/** Whole days from `from` to `to` (calendar days, ignoring the time of day). */
export function daysBetween(from: Dayjs, to: Dayjs): number {
  return to.startOf('day').diff(from.startOf('day'), 'day');
}

/** "today", "yesterday", "5 days ago"; '' without a date. */
export function daysAgo(value: string | null | undefined, today: Dayjs = dayjs()): string {
  if (!value) return '';
  const days = daysBetween(dayjs(value), today);
  if (days <= 0) return 'today';
  if (days === 1) return 'yesterday';
  return `${plural(days, 'day')} ago`;
}

/** Age in whole years on `today`; null without a birthday. */
export function ageOn(birthday: string | null | undefined, today: Dayjs = dayjs()): number | null {
  if (!birthday) return null;
  const born = dayjs(birthday);
  if (!born.isValid()) return null;
  return today.diff(born, 'year');
}

/** Days until the next birthday (0 on the day); a 29 February birthday falls on 28 February. */
export function daysUntilBirthday(
  birthday: string | null | undefined,
  today: Dayjs = dayjs(),
): number | null {
  if (!birthday) return null;
  const born = dayjs(birthday);
  if (!born.isValid()) return null;
  const start = today.startOf('day');
  const on = (year: number) => {
    const month = born.month();
    const last = dayjs(new Date(year, month, 1)).daysInMonth();
    return dayjs(new Date(year, month, Math.min(born.date(), last)));
  };
  let next = on(start.year());
  if (next.isBefore(start)) next = on(start.year() + 1);
  return daysBetween(start, next);
}
