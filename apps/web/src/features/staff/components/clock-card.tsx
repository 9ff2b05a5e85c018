import {
  Badge,
  Button,
  Card,
  Group,
  Modal,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { isoDateInZone, workedMs } from '@opsuite/shared';
import type { BreakKind, ClockShift, MyClockAnswer } from '@opsuite/shared/contracts/staff-time';
import { IconCoffee, IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useOrganizationTimeZone } from '../../../app/zone-time';
import { confirmAction } from '../../../components/confirm';
import { screenCapture } from '../screen-capture';
import { useEndBreak, useEndWork, useStartWork, useTakeBreak } from '../staff.api';
import { dayLabel, hours, timeOf } from '../staff-format';

// The employee's clock card, on the Time clock page and the staff home: clocked out (with the
// shift clocking in is for, when the server offers one), working since, on a break or a meal;
// start work, take a break (break or meal, an optional note), end it, end work.

/** Ticks every 30 seconds so running totals move on. */
export function useNow(everyMs = 30_000) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** '9:02 AM' (no leading zero) of an instant on the organisation's clock. */
export const clockOf = (iso: string, timeZone: string) => timeOf(iso, timeZone).replace(/^0/, '');

/** '9:00 AM - 5:00 PM' of a shift on the organisation's clock. */
export const shiftSpan = (shift: Pick<ClockShift, 'startDate' | 'endDate'>, timeZone: string) =>
  `${clockOf(shift.startDate, timeZone)} - ${clockOf(shift.endDate, timeZone)}`;

export const BREAK_LABELS: Record<BreakKind, string> = { break: 'Break', meal: 'Meal' };

function BreakModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const takeBreak = useTakeBreak();
  const [kind, setKind] = useState<BreakKind>('break');
  const [note, setNote] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    takeBreak.mutate(
      { kind, ...(note.trim() ? { note: note.trim() } : {}) },
      {
        onSuccess: () => {
          setNote('');
          setKind('break');
          onClose();
        },
      },
    );
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Take a break"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <SegmentedControl
            aria-label="Kind of break"
            fullWidth
            value={kind}
            onChange={(value) => setKind(value as BreakKind)}
            data={[
              { value: 'break', label: 'Break' },
              { value: 'meal', label: 'Meal' },
            ]}
          />
          <TextInput
            label="Note (optional)"
            placeholder="Coffee, errand…"
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            maxLength={500}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={takeBreak.isPending}>
              {kind === 'meal' ? 'Start meal' : 'Start break'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The clock state and its buttons for the signed-in employee. */
export function ClockCard({ clock }: { clock: Pick<MyClockAnswer, 'session' | 'offeredShift'> }) {
  const { session, offeredShift } = clock;
  const timeZone = useOrganizationTimeZone();
  const now = useNow();
  const start = useStartWork();
  const endBreak = useEndBreak();
  const endWork = useEndWork();
  const [breakOpen, setBreakOpen] = useState(false);
  const running = session?.breakTimes.find((b) => b.endTime === null);
  const worked = session
    ? workedMs({
        start: Date.parse(session.startTime),
        end: Math.max(now, Date.parse(session.startTime)),
        breaks: session.breakTimes.map((b) => ({
          start: Date.parse(b.startTime),
          end: b.endTime ? Date.parse(b.endTime) : null,
        })),
      })
    : 0;

  const onEnd = () =>
    confirmAction({
      title: 'End work?',
      message: 'You will be clocked out now.',
      confirm: 'End work',
      onConfirm: () => {
        if (!session) return;
        endWork.mutate(session.historyId, { onSuccess: () => screenCapture.stop() });
      },
    });

  return (
    <Card withBorder padding="lg" data-testid="clock-card">
      <Stack gap="sm">
        {!session && (
          <>
            <Title order={3}>You are clocked out</Title>
            {offeredShift ? (
              <>
                <Button
                  size="lg"
                  leftSection={<IconPlayerPlay size={20} />}
                  loading={start.isPending}
                  onClick={() =>
                    start.mutate({ shiftId: offeredShift._id, shiftName: offeredShift.shiftName })
                  }
                >
                  Clock in for {shiftSpan(offeredShift, timeZone)} shift
                </Button>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  onClick={() => start.mutate({})}
                  disabled={start.isPending}
                >
                  Start work without a shift
                </Button>
              </>
            ) : (
              <Button
                size="lg"
                leftSection={<IconPlayerPlay size={20} />}
                loading={start.isPending}
                onClick={() => start.mutate({})}
              >
                Start work
              </Button>
            )}
          </>
        )}
        {session && (
          <>
            <Group justify="space-between" wrap="nowrap">
              <Title order={3}>
                {running
                  ? running.kind === 'meal'
                    ? 'On a meal break'
                    : 'On a break'
                  : `Working since ${clockOf(session.startTime, timeZone)}`}
              </Title>
              <Badge color={session.onBreak ? 'orange' : 'teal'} size="lg" tt="none">
                {hours(worked)}
              </Badge>
            </Group>
            <Text c="dimmed" size="sm">
              {running
                ? `${BREAK_LABELS[running.kind ?? 'break']} since ${clockOf(running.startTime, timeZone)}${running.description ? ` · ${running.description}` : ''} · started work at ${clockOf(session.startTime, timeZone)}`
                : (session.shiftName ?? 'Without a shift')}
            </Text>
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              {session.onBreak ? (
                <Button
                  size="md"
                  leftSection={<IconPlayerPlay size={18} />}
                  loading={endBreak.isPending}
                  onClick={() => endBreak.mutate(session.historyId)}
                >
                  End break
                </Button>
              ) : (
                <Button
                  size="md"
                  variant="light"
                  leftSection={<IconCoffee size={18} />}
                  onClick={() => setBreakOpen(true)}
                >
                  Take a break
                </Button>
              )}
              <Button
                size="md"
                color="red"
                variant="light"
                leftSection={<IconPlayerStop size={18} />}
                onClick={onEnd}
              >
                End work
              </Button>
            </SimpleGrid>
          </>
        )}
      </Stack>
      <BreakModal opened={breakOpen} onClose={() => setBreakOpen(false)} />
    </Card>
  );
}

/** "Next shift: Tue, Dec 1 · 9:00 AM - 5:00 PM · Front desk", or that there is none. */
export function NextShiftLine({ shift }: { shift: ClockShift | null }) {
  const timeZone = useOrganizationTimeZone();
  return (
    <Text size="sm" data-testid="next-shift">
      {shift
        ? `Next shift: ${dayLabel(isoDateInZone(Date.parse(shift.startDate), timeZone))} · ${shiftSpan(shift, timeZone)} · ${shift.shiftName}`
        : 'No shift scheduled'}
    </Text>
  );
}
