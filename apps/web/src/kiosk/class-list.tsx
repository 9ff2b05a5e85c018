import { Badge, Button, Loader, Text, UnstyledButton } from '@mantine/core';
import type { BookingSlot } from '@opsuite/shared/contracts/kiosk';
import { clampAttended, formatSlotTime, slotInterval } from '@opsuite/shared/rules/kiosk';
import { SELECTED_CLASS_COLOR } from '@opsuite/shared/rules/theme-color';
import { IconCalendarOff, IconCheck, IconUsers } from '@tabler/icons-react';
import classes from './class-list.module.css';
import { KIOSK_TEXT } from './kiosk-toast';
import type { SlotsStatus } from './use-kiosk-data';

export interface ClassListProps {
  slots: readonly BookingSlot[];
  selectedId: string | null;
  onSelect: (id: string) => void;
  timeZone: string;
  now: number;
  status?: SlotsStatus;
  onRetry?: () => void;
  /** Accessible name of the list (the page and the dialog each have one). */
  label: string;
}

function classState(slot: BookingSlot, now: number, timeZone: string): 'now' | 'ended' | 'later' {
  const { start, end } = slotInterval(slot, timeZone);
  if (start <= now && now <= end) return 'now';
  return end < now ? 'ended' : 'later';
}

/** Today's classes as large tappable cards; the chosen one is #22c55e. */
export function ClassList({
  slots,
  selectedId,
  onSelect,
  timeZone,
  now,
  status,
  onRetry,
  label,
}: ClassListProps) {
  if (status === 'loading' && slots.length === 0) {
    return (
      <div className={classes.listState} role="status">
        <Loader size="md" />
        <Text c="dimmed">Loading classes…</Text>
      </div>
    );
  }
  if (status === 'error' && slots.length === 0) {
    return (
      <div className={classes.listState} role="alert">
        <Text c="dimmed">Unable to load classes</Text>
        {onRetry && (
          <Button variant="light" onClick={onRetry}>
            Try Again
          </Button>
        )}
      </div>
    );
  }
  if (slots.length === 0) {
    return (
      <div className={classes.listState}>
        <IconCalendarOff size={40} stroke={1.4} aria-hidden />
        <Text c="dimmed" fw={500}>
          {KIOSK_TEXT.noClasses}
        </Text>
      </div>
    );
  }
  return (
    <ul className={classes.classList} aria-label={label}>
      {slots.map((slot) => {
        const selected = slot._id === selectedId;
        const state = classState(slot, now, timeZone);
        const attended = clampAttended(slot.attendedSlots);
        return (
          <li key={slot._id}>
            <UnstyledButton
              className={classes.classCard}
              data-selected={selected || undefined}
              data-state={state}
              style={
                selected ? { background: SELECTED_CLASS_COLOR, borderColor: SELECTED_CLASS_COLOR } : undefined
              }
              aria-pressed={selected}
              onClick={() => onSelect(slot._id)}
              data-testid="class-card"
            >
              <span className={classes.classTime}>
                <span>{formatSlotTime(slot.startTime)}</span>
                <span className={classes.classTimeEnd}>{formatSlotTime(slot.endTime)}</span>
              </span>
              <span className={classes.classBody}>
                <span className={classes.classTitle} title={slot.bookingType.title}>
                  {slot.bookingType.title}
                </span>
                {slot.bookingType.program?.name && (
                  <span className={classes.classProgram}>{slot.bookingType.program.name}</span>
                )}
              </span>
              <span className={classes.classSide}>
                {state === 'now' && (
                  <Badge
                    size="sm"
                    color="green"
                    variant="light"
                    style={selected ? { background: '#fff', color: '#15803d' } : undefined}
                  >
                    Now
                  </Badge>
                )}
                <span className={classes.classCount} title="Checked in" data-testid="attended-count">
                  <IconUsers size={16} aria-hidden />
                  <span>
                    {attended}
                    {slot.capacity ? ` / ${slot.capacity}` : ''}
                  </span>
                </span>
              </span>
              {selected && <IconCheck className={classes.classCheck} size={22} stroke={3} aria-hidden />}
            </UnstyledButton>
          </li>
        );
      })}
    </ul>
  );
}
