import {
  Badge,
  Button,
  Card,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { PortalBooking, PortalMe, PortalWaitlistEntry } from '@opsuite/shared';
import { IconCalendarPlus, IconHourglass } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import { useState } from 'react';
import { CancelDialog, type CancelTarget } from './components/cancel-dialog';
import { useCancelBooking, useHistory, useLeaveWaitlist, useMyBookings } from './portal.api';
import classes from './portal.module.css';
import { ATTENDANCE_TEXT, clock, dayName, ordinal, shortDate, todayOf } from './portal-format';

// The member's bookings: what is coming (with cancel) and their waitlist places, and the history
// of classes that are over: checked in, no-show, late cancel.

const PAGE = 20;

function When({ date, startTime, today }: { date: string; startTime: string; today: string }) {
  return (
    <Text size="sm" c="dimmed">
      {dayName(date, today)}, {shortDate(date)} · {clock(startTime)}
    </Text>
  );
}

function BookingRow({
  booking,
  today,
  onCancel,
}: {
  booking: PortalBooking;
  today: string;
  onCancel?: (b: PortalBooking) => void;
}) {
  const state = ATTENDANCE_TEXT[booking.attendance];
  const canCancel = onCancel && booking.status === 'booked' && Date.parse(booking.startsAt) > Date.now();
  return (
    <Card
      withBorder
      radius="lg"
      padding="md"
      className={classes.classCard}
      style={{ '--class-color': booking.color } as CSSProperties}
      data-testid="portal-booking"
    >
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Text fw={700} truncate>
            {booking.title}
          </Text>
          <When date={booking.date} startTime={booking.startTime} today={today} />
          {booking.source === 'waitlist' && booking.attendance === 'booked' && (
            <Text size="xs" c="violet" fw={600}>
              From the waitlist
            </Text>
          )}
        </div>
        <Stack gap={6} align="flex-end" style={{ flex: 'none' }}>
          <Badge color={state.color} variant="light" tt="none">
            {state.label}
          </Badge>
          {canCancel && (
            <Button size="sm" variant="subtle" color="red" onClick={() => onCancel(booking)}>
              Cancel
            </Button>
          )}
        </Stack>
      </Group>
    </Card>
  );
}

function WaitRow({ entry, today }: { entry: PortalWaitlistEntry; today: string }) {
  const leave = useLeaveWaitlist();
  return (
    <Card withBorder radius="lg" padding="md" data-testid="portal-waitlist">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Text fw={700} truncate>
            {entry.title}
          </Text>
          <When date={entry.date} startTime={entry.startTime} today={today} />
        </div>
        <Stack gap={6} align="flex-end" style={{ flex: 'none' }}>
          <Badge color="violet" variant="light" tt="none" leftSection={<IconHourglass size={12} />}>
            {ordinal(entry.position)} of {entry.length}
          </Badge>
          <Button
            size="sm"
            variant="subtle"
            color="gray"
            loading={leave.isPending}
            onClick={() => leave.mutate(entry.slotId)}
          >
            Leave
          </Button>
        </Stack>
      </Group>
    </Card>
  );
}

function Upcoming({ me, today }: { me: PortalMe | undefined; today: string }) {
  const bookings = useMyBookings();
  const cancel = useCancelBooking();
  const [target, setTarget] = useState<CancelTarget | null>(null);
  const upcoming = bookings.data?.upcoming ?? [];
  const waitlist = bookings.data?.waitlist ?? [];
  return (
    <Stack gap="sm">
      {bookings.isSuccess && upcoming.length === 0 && waitlist.length === 0 && (
        <Paper withBorder radius="lg" p="xl">
          <Stack align="center" gap="xs" c="dimmed">
            <IconCalendarPlus size={40} stroke={1.4} />
            <Text>No upcoming classes. Pick one under Classes.</Text>
          </Stack>
        </Paper>
      )}
      {upcoming.map((b) => (
        <BookingRow
          key={b._id}
          booking={b}
          today={today}
          onCancel={(x) =>
            setTarget({
              bookingId: x._id,
              title: x.title,
              date: x.date,
              startTime: x.startTime,
              startsAt: x.startsAt,
            })
          }
        />
      ))}
      {waitlist.length > 0 && (
        <Title order={4} mt="sm">
          Waitlist
        </Title>
      )}
      {waitlist.map((w) => (
        <WaitRow key={w.slotId} entry={w} today={today} />
      ))}
      <CancelDialog
        target={target}
        cutoffMinutes={me?.cancelCutoffMinutes ?? 0}
        busy={cancel.isPending}
        onClose={() => setTarget(null)}
        onConfirm={(t) => cancel.mutate(t.bookingId, { onSuccess: () => setTarget(null) })}
      />
    </Stack>
  );
}

function Figure({ label, value, color }: { label: string; value: number; color: string }) {
  return (
    <Paper withBorder radius="lg" p="sm" ta="center">
      <Text fw={800} size="xl" c={color}>
        {value}
      </Text>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
    </Paper>
  );
}

function HistoryList({ today }: { today: string }) {
  const [size, setSize] = useState(PAGE);
  const history = useHistory(size);
  const data = history.data;
  return (
    <Stack gap="sm">
      {data && (
        <SimpleGrid cols={3} spacing="sm">
          <Figure label="Checked in" value={data.counts.checkedIn} color="green" />
          <Figure label="No-shows" value={data.counts.noShow} color="red" />
          <Figure label="Late cancels" value={data.counts.lateCancel} color="orange" />
        </SimpleGrid>
      )}
      {data?.list.length === 0 && (
        <Text c="dimmed" ta="center" py="lg">
          Your past classes will show here.
        </Text>
      )}
      {data?.list.map((b) => (
        <BookingRow key={b._id} booking={b} today={today} />
      ))}
      {data && data.pagination.total > data.list.length && (
        <Button
          variant="default"
          radius="xl"
          loading={history.isFetching}
          onClick={() => setSize((n) => n + PAGE)}
        >
          Show more
        </Button>
      )}
    </Stack>
  );
}

export function BookingsView({ me }: { me: PortalMe | undefined }) {
  const [view, setView] = useState<'upcoming' | 'history'>('upcoming');
  const today = todayOf(me?.organization.timeZone ?? 'UTC');
  return (
    <Stack gap="md">
      <Title order={3}>My bookings</Title>
      <SegmentedControl
        fullWidth
        radius="xl"
        size="md"
        value={view}
        onChange={(v) => setView(v as 'upcoming' | 'history')}
        data={[
          { value: 'upcoming', label: 'Upcoming' },
          { value: 'history', label: 'History' },
        ]}
      />
      {view === 'upcoming' ? <Upcoming me={me} today={today} /> : <HistoryList today={today} />}
    </Stack>
  );
}
