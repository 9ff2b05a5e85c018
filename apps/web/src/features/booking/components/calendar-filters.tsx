import { Checkbox, Stack, Text } from '@mantine/core';
import type { CalendarFilter } from '@opsuite/shared';
import { FILTER_COLORS, FILTERS } from '../calendar-events';

export interface CalendarFiltersProps {
  value: ReadonlySet<CalendarFilter>;
  onToggle: (filter: CalendarFilter | 'all') => void;
  counts?: Partial<Record<CalendarFilter, number>>;
}

/** The calendar's filters: Events, Appointments, Classes, plus View all. */
export function CalendarFilters({ value, onToggle, counts }: CalendarFiltersProps) {
  const all = value.size === FILTERS.length;
  return (
    <Stack gap="xs" role="group" aria-label="Calendar filters">
      <Text fw={600} size="sm" c="dimmed" tt="uppercase">
        Filters
      </Text>
      <Checkbox
        label="View all"
        checked={all}
        indeterminate={!all && value.size > 0}
        onChange={() => onToggle('all')}
      />
      {FILTERS.map((filter) => (
        <Checkbox
          key={filter}
          color={FILTER_COLORS[filter]}
          label={counts?.[filter] !== undefined ? `${filter} (${counts[filter]})` : filter}
          aria-label={filter}
          checked={value.has(filter)}
          onChange={() => onToggle(filter)}
        />
      ))}
    </Stack>
  );
}
