import { Group, ScrollArea, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import type { PublicSlot } from '@opsuite/shared';
import { plural } from '@opsuite/shared/rules/plural';
import { useState } from 'react';
import { formatDayLabel, formatTimeRange } from '../../../app/zone-time';

export interface SlotPickerProps {
  slots: readonly PublicSlot[];
  selectedId: string | null;
  onSelect: (slot: PublicSlot) => void;
  accent: string;
}

export function byDay(slots: readonly PublicSlot[]): [string, PublicSlot[]][] {
  const days = new Map<string, PublicSlot[]>();
  for (const slot of [...slots].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt))) {
    const list = days.get(slot.date) ?? [];
    list.push(slot);
    days.set(slot.date, list);
  }
  return [...days.entries()];
}

function seatsText(slot: PublicSlot): string | null {
  if (slot.remaining === null) return null;
  return `${plural(slot.remaining, 'seat')} left`;
}

const part = (day: string, options: Intl.DateTimeFormatOptions) =>
  formatDayLabel(day, { weekday: undefined, month: undefined, day: undefined, ...options });

function DayButton(props: {
  day: string;
  count: number;
  active: boolean;
  accent: string;
  onPick: () => void;
}) {
  const { day, count, active, accent, onPick } = props;
  return (
    <UnstyledButton
      aria-pressed={active}
      aria-label={`${formatDayLabel(day, { weekday: 'long', month: 'long' })}, ${count} ${count === 1 ? 'class' : 'classes'}`}
      onClick={onPick}
      data-testid="public-day"
      style={{
        minWidth: 64,
        textAlign: 'center',
        padding: '8px 10px',
        borderRadius: 'var(--mantine-radius-md)',
        border: `${active ? 2 : 1}px solid ${active ? accent : 'var(--mantine-color-default-border)'}`,
        background: active ? 'var(--mantine-color-default-hover)' : 'var(--mantine-color-body)',
      }}
    >
      <Text size="xs" c="dimmed" tt="uppercase">
        {part(day, { weekday: 'short' })}
      </Text>
      <Text fw={700} size="lg" lh={1.2}>
        {part(day, { day: 'numeric' })}
      </Text>
      <Text size="xs">{part(day, { month: 'short' })}</Text>
    </UnstyledButton>
  );
}

/**
 * The group's upcoming classes: a day first (a strip of the days that have classes), then that
 * day's times with each class's description. Times are the organisation's wall clock.
 */
export function SlotPicker({ slots, selectedId, onSelect, accent }: SlotPickerProps) {
  const days = byDay(slots);
  const [picked, setPicked] = useState<string | null>(null);
  const selectedDay = slots.find((slot) => slot._id === selectedId)?.date ?? null;
  const current = days.find(([day]) => day === (picked ?? selectedDay))?.[0] ?? days[0]?.[0] ?? null;
  const list = days.find(([day]) => day === current)?.[1] ?? [];

  return (
    <Stack gap="md">
      <ScrollArea type="auto" offsetScrollbars scrollbarSize={6}>
        <Group gap="xs" wrap="nowrap" role="group" aria-label="Choose a day" pb={4}>
          {days.map(([day, daySlots]) => (
            <DayButton
              key={day}
              day={day}
              count={daySlots.length}
              active={day === current}
              accent={accent}
              onPick={() => setPicked(day)}
            />
          ))}
        </Group>
      </ScrollArea>
      {current && (
        <Text fw={700} data-testid="public-day-title">
          {formatDayLabel(current, { weekday: 'long', month: 'long' })}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" role="radiogroup" aria-label="Available times">
        {list.map((slot) => {
          const selected = slot._id === selectedId;
          const seats = seatsText(slot);
          return (
            <UnstyledButton
              key={slot._id}
              role="radio"
              aria-checked={selected}
              aria-label={`${slot.bookingType.title} ${formatDayLabel(slot.date)} ${formatTimeRange(slot.startTime, slot.endTime)}`}
              onClick={() => onSelect(slot)}
              data-testid="public-slot"
              style={{
                border: `${selected ? 2 : 1}px solid ${selected ? accent : 'var(--mantine-color-default-border)'}`,
                borderRadius: 'var(--mantine-radius-md)',
                padding: selected ? 11 : 12,
                background: selected ? 'var(--mantine-color-default-hover)' : 'var(--mantine-color-body)',
              }}
            >
              <Stack gap={2}>
                <Text fw={700} size="sm">
                  {formatTimeRange(slot.startTime, slot.endTime)}
                </Text>
                <Text size="sm">
                  {slot.bookingType.title}
                  {slot.bookingType.program ? ` · ${slot.bookingType.program.name}` : ''}
                </Text>
                {slot.bookingType.description && (
                  <Text size="xs" c="dimmed" lineClamp={3} data-testid="public-slot-description">
                    {slot.bookingType.description}
                  </Text>
                )}
                {seats && (
                  <Text size="xs" c={slot.remaining !== null && slot.remaining <= 3 ? 'orange' : 'dimmed'}>
                    {seats}
                  </Text>
                )}
              </Stack>
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
