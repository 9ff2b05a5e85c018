import { Badge, Group, Text } from '@mantine/core';
import type { ClassScheduleAnswer } from '@opsuite/shared';
import { useState } from 'react';
import { formatDayLabel, formatTimeRange } from '../../../app/zone-time';
import { classScheduleCalls, useBookingWrite, useClassSchedules } from '../booking.api';
import { BOOKING_TEXT } from '../booking-messages';
import { ClassScheduleModal, WEEK_DAYS } from './class-schedule-modal';
import { confirmDelete, SetupList, SetupRow } from './setup-list';

function validity(schedule: ClassScheduleAnswer): string {
  const from = formatDayLabel(schedule.fromDate, { weekday: undefined, year: 'numeric' });
  if (!schedule.untilDate) return `From ${from}`;
  return `${from} – ${formatDayLabel(schedule.untilDate, { weekday: undefined, year: 'numeric' })}`;
}

/** Weekly recurring classes; the server makes their slots. */
export function ClassSchedulePanel({ canWrite, canDelete }: { canWrite: boolean; canDelete: boolean }) {
  const schedules = useClassSchedules();
  const remove = useBookingWrite(classScheduleCalls.remove, BOOKING_TEXT.deleted);
  const [target, setTarget] = useState<ClassScheduleAnswer | 'new' | null>(null);
  const list = schedules.data ?? [];

  return (
    <>
      <SetupList
        title="Class schedules"
        description="Weekly classes: pick the days and times once and the slots appear in the calendar."
        addLabel="Add schedule"
        onAdd={canWrite ? () => setTarget('new') : undefined}
        loading={schedules.isPending}
        error={schedules.error}
        emptyText="No class schedules yet."
        count={list.length}
      >
        {list.map((schedule) => (
          <SetupRow
            key={schedule._id}
            name={schedule.bookingType.title}
            onEdit={canWrite ? () => setTarget(schedule) : undefined}
            onDelete={
              canDelete
                ? () =>
                    confirmDelete(
                      `the ${schedule.bookingType.title} schedule`,
                      'Its future slots without bookings are removed; past classes stay.',
                      () => remove.mutate(schedule._id),
                    )
                : undefined
            }
          >
            <Group gap="xs">
              <Text fw={600}>{schedule.bookingType.title}</Text>
              <Text size="sm">{formatTimeRange(schedule.startTime, schedule.endTime)}</Text>
              {!schedule.isActive && (
                <Badge color="gray" variant="light">
                  Paused
                </Badge>
              )}
            </Group>
            <Group gap={4}>
              {WEEK_DAYS.map((day, index) => (
                <Badge
                  key={day}
                  size="sm"
                  variant={schedule.daysOfWeek.includes(index) ? 'filled' : 'outline'}
                  color={schedule.daysOfWeek.includes(index) ? undefined : 'gray'}
                >
                  {day}
                </Badge>
              ))}
            </Group>
            <Text size="sm" c="dimmed">
              {[validity(schedule), schedule.capacity ? `Capacity ${schedule.capacity}` : 'No capacity limit']
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </SetupRow>
        ))}
      </SetupList>
      <ClassScheduleModal target={target} onClose={() => setTarget(null)} />
    </>
  );
}
