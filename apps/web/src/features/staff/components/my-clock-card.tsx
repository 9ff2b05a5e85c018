import { Stack, Text } from '@mantine/core';
import { useMyClock } from '../staff.api';
import { ClockCard, NextShiftLine } from './clock-card';

// The staff home's time clock: the employee's clock card and their next shift, from the same
// call as the Time clock page. Nothing for a user without an employee record here.

export function MyClockCard() {
  const clock = useMyClock();
  const data = clock.data;
  if (clock.isLoading) return <Text c="dimmed">Loading your time clock…</Text>;
  if (!data?.contactId) return null;
  return (
    <Stack gap="xs" data-testid="home-clock">
      <ClockCard clock={data} />
      <NextShiftLine shift={data.nextShift} />
    </Stack>
  );
}
