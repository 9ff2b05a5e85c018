import {
  addDaysToIsoDate,
  type DayRange,
  formatDayLabel,
  isoDateInZone,
  payPeriodContaining,
} from '@opsuite/shared';
import type { Queryable } from '../../db/client.ts';
import { conflict, invalid } from '../../lib/errors.ts';
import { payrollOpenFrom } from './open-from.ts';
import { getSettings } from './salary.service.ts';

// Which period a regular run pays. Only a period that has ended may be paid, the oldest open one
// first: the period after the last paid one, or, before any run, the last period that has ended.
// A day after today is never a period's start (400).

const withYear = (day: string) => formatDayLabel(day, { year: 'numeric' });

/** The organisation's pay cycle and the regular period `periodStart` falls in (default: the oldest open). */
export async function regularPeriod(tx: Queryable, orgId: string, timeZone: string, periodStart?: string) {
  const settings = await getSettings(tx, orgId);
  const today = isoDateInZone(new Date(), timeZone);
  if (periodStart !== undefined && periodStart > today) {
    throw invalid('periodStart', 'must not be in the future');
  }
  const containing = (day: string) => payPeriodContaining(day, settings.payCycle, settings.anchorDay);
  const openFrom = await payrollOpenFrom(tx, orgId);
  const oldestOpen = openFrom
    ? containing(openFrom)
    : containing(addDaysToIsoDate(containing(today).start, -1));
  return {
    settings,
    today,
    oldestOpen,
    openFrom,
    period: periodStart === undefined ? oldestOpen : containing(periodStart),
  };
}

/** Refuses to pay a period that has not ended, or one after the oldest open period (409). */
export function assertPayable(
  period: DayRange,
  today: string,
  oldestOpen: DayRange,
  openFrom: string | null,
) {
  if (today < period.end) {
    const last = addDaysToIsoDate(period.end, -1);
    throw conflict(
      `This pay period ends on ${withYear(last)}. Run it from ${withYear(period.end)}, or make an off-cycle run for pay due now.`,
      'periodStart',
    );
  }
  if (openFrom && period.start > oldestOpen.start) {
    throw conflict(
      `Run the pay period from ${withYear(oldestOpen.start)} to ${withYear(addDaysToIsoDate(oldestOpen.end, -1))} first: periods are paid oldest first.`,
      'periodStart',
    );
  }
  if (openFrom && period.start < openFrom) {
    throw conflict('This period is before the last paid period and can no longer be paid.', 'periodStart');
  }
}
