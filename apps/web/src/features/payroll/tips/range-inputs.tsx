import { TextInput } from '@mantine/core';
import { addDaysToIsoDate, TIP_RANGE_MAX_DAYS, TIPS_TEXT } from '@opsuite/shared';
import { useState } from 'react';
import { todayInZone, useOrganizationTimeZone } from '../../../app/zone-time';
import { usePending } from '../payroll.api';
import type { DateRange } from './tips.api';

const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v));

/** What is wrong with a range the tip screens ask for, or null (the contract's own checks). */
export function rangeProblem(range: DateRange): string | null {
  if (!isDay(range.startDate) || !isDay(range.endDate)) return TIPS_TEXT.datesRequired;
  if (range.endDate < range.startDate) return 'End date must not be before the start date';
  const days = (Date.parse(range.endDate) - Date.parse(range.startDate)) / 86_400_000 + 1;
  if (days > TIP_RANGE_MAX_DAYS) return TIPS_TEXT.rangeTooLong;
  return null;
}

/**
 * The range a tip screen opens on: the current pay period once it is known (what the next run
 * pays), the last seven days before that; the user's own choice from the first change on.
 */
export function useDefaultRange(): [DateRange, (range: DateRange) => void, boolean] {
  const timeZone = useOrganizationTimeZone();
  const pending = usePending(undefined);
  const [chosen, setChosen] = useState<DateRange | null>(null);
  const today = todayInZone(timeZone);
  const fallback = pending.data
    ? { startDate: pending.data.periodStart, endDate: pending.data.periodEnd }
    : { startDate: addDaysToIsoDate(today, -6), endDate: today };
  // Reading before the period is known would fetch a range nobody asked for.
  return [chosen ?? fallback, setChosen, Boolean(chosen) || !pending.isPending];
}

export function RangeInputs({ value, onChange }: { value: DateRange; onChange: (range: DateRange) => void }) {
  return (
    <>
      <TextInput
        type="date"
        label="From"
        value={value.startDate}
        onChange={(e) => onChange({ ...value, startDate: e.currentTarget.value })}
        w={{ base: 'calc(50% - 6px)', xs: 160 }}
      />
      <TextInput
        type="date"
        label="To"
        value={value.endDate}
        onChange={(e) => onChange({ ...value, endDate: e.currentTarget.value })}
        w={{ base: 'calc(50% - 6px)', xs: 160 }}
      />
    </>
  );
}
