import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { isoDateInZone } from '@opsuite/shared';
import { useOrganizationTimeZone } from '../../../app/zone-time';
import { dayLabel, hours } from '../staff-format';

/** This week's worked hours, day by day, and the total. */
export function WeekHours({
  week,
}: {
  week: { days: { day: string; workedMs: number }[]; totalMs: number };
}) {
  const timeZone = useOrganizationTimeZone();
  const today = isoDateInZone(Date.now(), timeZone);
  return (
    <Card withBorder padding="lg" data-testid="week-hours">
      <Group justify="space-between" mb="xs">
        <Title order={4}>This week</Title>
        <Text fw={700}>{hours(week.totalMs)}</Text>
      </Group>
      <Stack gap={4}>
        {week.days.map((d) => (
          <Group key={d.day} justify="space-between">
            <Text size="sm" fw={d.day === today ? 700 : 400}>
              {dayLabel(d.day)}
            </Text>
            <Text size="sm" c={d.workedMs ? undefined : 'dimmed'}>
              {hours(d.workedMs)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
