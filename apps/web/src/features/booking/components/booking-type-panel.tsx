import { Badge, ColorSwatch, Group, Text } from '@mantine/core';
import type { BookingTypeAnswer } from '@opsuite/shared';
import { useState } from 'react';
import { bookingTypeCalls, useBookingTypes, useBookingWrite } from '../booking.api';
import { BOOKING_TEXT } from '../booking-messages';
import { BookingTypeModal } from './booking-type-modal';
import { useEventColor } from './color-name-select';
import { confirmDelete, SetupList, SetupRow } from './setup-list';

/** Booking types: title, label, value, program, colour and kind. */
export function BookingTypePanel({ canWrite, canDelete }: { canWrite: boolean; canDelete: boolean }) {
  const types = useBookingTypes();
  const hexOf = useEventColor();
  const remove = useBookingWrite(bookingTypeCalls.remove, BOOKING_TEXT.deleted);
  const [target, setTarget] = useState<BookingTypeAnswer | 'new' | null>(null);
  const list = types.data ?? [];

  return (
    <>
      <SetupList
        title="Booking types"
        description="What can be booked: classes and appointment kinds, with their colour in the calendar."
        addLabel="Add booking type"
        onAdd={canWrite ? () => setTarget('new') : undefined}
        loading={types.isPending}
        error={types.error}
        emptyText="No booking types yet. Add one to start scheduling classes."
        count={list.length}
      >
        {list.map((type) => (
          <SetupRow
            key={type._id}
            name={type.title}
            leading={<ColorSwatch color={type.colorHex || hexOf(type.color)} size={18} mt={3} />}
            onEdit={canWrite ? () => setTarget(type) : undefined}
            onDelete={
              canDelete
                ? () =>
                    confirmDelete(type.title, 'Its schedules and future slots are removed too.', () =>
                      remove.mutate(type._id),
                    )
                : undefined
            }
          >
            <Group gap="xs">
              <Text fw={600}>{type.title}</Text>
              <Badge variant="light" color={type.kind === 'class' ? 'blue' : 'grape'}>
                {type.kind === 'class' ? 'Class' : 'Appointment'}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {[
                `Label: ${type.label}`,
                `Value: ${type.value}`,
                type.programName ? `Program: ${type.programName}` : null,
                `${type.durationMinutes} min`,
                type.color,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Text>
          </SetupRow>
        ))}
      </SetupList>
      <BookingTypeModal target={target} onClose={() => setTarget(null)} />
    </>
  );
}
