import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import type { PublicSlot } from '@opsuite/shared';
import { publicBookingBody } from '@opsuite/shared/contracts/booking';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../app/api-client';
import { type FieldErrors, validate } from '../../../app/validate';
import { formatDayLabel, formatTimeRange } from '../../../app/zone-time';
import type { PublicBookingInput } from './public-booking.api';

export const CHOOSE_SLOT_MESSAGE = 'Please choose a time';

export interface BookingFormProps {
  slot: PublicSlot | null;
  accent: string;
  submitting: boolean;
  failure: unknown;
  onSubmit: (body: PublicBookingInput) => void;
}

/** Name, email and phone of the visitor; checked with the server's own rules before sending. */
export function BookingForm({ slot, accent, submitting, failure, onSubmit }: BookingFormProps) {
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = validate(publicBookingBody, { slotId: slot?._id ?? '', name, email, phone });
    const found = { ...result.errors };
    if (!slot) found.slotId = CHOOSE_SLOT_MESSAGE;
    else delete found.slotId;
    setErrors(found);
    if (result.ok && slot) onSubmit(result.data);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Your details">
      <Stack gap="sm">
        {slot ? (
          <Text size="sm" data-testid="chosen-slot">
            <Text span fw={600}>
              {slot.bookingType.title}
            </Text>{' '}
            · {formatDayLabel(slot.date, { year: 'numeric' })} ·{' '}
            {formatTimeRange(slot.startTime, slot.endTime)}
          </Text>
        ) : (
          <Text size="sm" c={errors.slotId ? 'red' : 'dimmed'} role={errors.slotId ? 'alert' : undefined}>
            {errors.slotId ?? 'Choose a time first.'}
          </Text>
        )}
        <TextInput
          label="Name"
          required
          autoComplete="name"
          maxLength={200}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={errors.name}
        />
        <TextInput
          label="Email"
          type="email"
          required
          autoComplete="email"
          inputMode="email"
          maxLength={254}
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={errors.email}
        />
        <TextInput
          label="Phone"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          maxLength={40}
          value={phone}
          onChange={(e) => setPhone(e.currentTarget.value)}
          error={errors.phone}
        />
        {Boolean(failure) && <Alert color="red">{errorMessage(failure)}</Alert>}
        <Button type="submit" color={accent} size="md" fullWidth loading={submitting}>
          Book
        </Button>
      </Stack>
    </form>
  );
}
