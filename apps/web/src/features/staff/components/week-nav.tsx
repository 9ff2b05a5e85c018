import { ActionIcon, Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useOrganizationTimeZone } from '../../../app/zone-time';
import { currentWeek, shiftWeek, type Week, weekLabel } from '../staff-format';

/** Previous / this / next week, Sunday to Saturday on the organisation's calendar. */
export function WeekNav({ week, onChange }: { week: Week; onChange: (week: Week) => void }) {
  const timeZone = useOrganizationTimeZone();
  return (
    <Group gap="xs" wrap="nowrap">
      <ActionIcon variant="default" aria-label="Previous week" onClick={() => onChange(shiftWeek(week, -1))}>
        <IconChevronLeft size={16} />
      </ActionIcon>
      <Text fw={600} size="sm" data-testid="week-label" miw={150} ta="center">
        {weekLabel(week)}
      </Text>
      <ActionIcon variant="default" aria-label="Next week" onClick={() => onChange(shiftWeek(week, 1))}>
        <IconChevronRight size={16} />
      </ActionIcon>
      <Button variant="subtle" size="compact-sm" onClick={() => onChange(currentWeek(timeZone))}>
        This week
      </Button>
    </Group>
  );
}
