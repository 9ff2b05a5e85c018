import { SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import type { PublicSlot } from '@opsuite/shared';
import { formatDayLabel, formatTimeRange } from '../../../app/zone-time';

export interface SlotPickerProps {
  slots: readonly PublicSlot[];
  selectedId: string | null;
  onSelect: (slot: PublicSlot) => void;
  accent: string;
}

function byDay(slots: readonly PublicSlot[]): [string, PublicSlot[]][] {
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
  return slot.remaining === 1 ? '1 seat left' : `${slot.remaining} seats left`;
}

/** The group's upcoming slots by day; times are the organisation's wall clock. */
export function SlotPicker({ slots, selectedId, onSelect, accent }: SlotPickerProps) {
  return (
    <Stack gap="lg" role="radiogroup" aria-label="Available times">
      {byDay(slots).map(([day, list]) => (
        <Stack key={day} gap="xs">
          <Text fw={700}>{formatDayLabel(day, { weekday: 'long', month: 'long' })}</Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
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
                    {seats && (
                      <Text
                        size="xs"
                        c={slot.remaining !== null && slot.remaining <= 3 ? 'orange' : 'dimmed'}
                      >
                        {seats}
                      </Text>
                    )}
                  </Stack>
                </UnstyledButton>
              );
            })}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}
