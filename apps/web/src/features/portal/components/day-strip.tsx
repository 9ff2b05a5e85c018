import { Text, UnstyledButton } from '@mantine/core';
import { plural } from '@opsuite/shared/rules/plural';
import classes from '../portal.module.css';
import { dayName, dayOfMonth, shortWeekday } from '../portal-format';

// A week of days to pick from, one big button each, with a dot on the days the member is booked.

interface Props {
  days: string[];
  today: string;
  selected: string;
  booked: ReadonlySet<string>;
  counts: ReadonlyMap<string, number>;
  onSelect: (day: string) => void;
}

export function DayStrip({ days, today, selected, booked, counts, onSelect }: Props) {
  return (
    <div className={classes.dayStrip} role="tablist" aria-label="Day">
      {days.map((day) => {
        const isSelected = day === selected;
        const count = counts.get(day) ?? 0;
        return (
          <UnstyledButton
            key={day}
            role="tab"
            aria-selected={isSelected}
            aria-label={`${dayName(day, today)} ${day}, ${plural(count, 'class', 'classes')}${booked.has(day) ? ', booked' : ''}`}
            className={classes.day}
            data-selected={isSelected || undefined}
            data-testid="day"
            onClick={() => onSelect(day)}
          >
            <Text size="xs" fw={600} tt="uppercase" opacity={isSelected ? 1 : 0.7}>
              {day === today ? 'Today' : shortWeekday(day)}
            </Text>
            <Text fw={800} size="xl" lh={1}>
              {dayOfMonth(day)}
            </Text>
            <span className={classes.dayDot} style={{ visibility: booked.has(day) ? 'visible' : 'hidden' }} />
          </UnstyledButton>
        );
      })}
    </div>
  );
}
