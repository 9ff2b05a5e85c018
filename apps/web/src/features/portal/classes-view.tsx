import { Alert, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { PortalClass, PortalMe } from '@opsuite/shared';
import { IconCalendarOff, IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { CancelDialog, type CancelTarget } from './components/cancel-dialog';
import { type ClassAction, ClassCard } from './components/class-card';
import { DayStrip } from './components/day-strip';
import {
  useBookClass,
  useCancelBooking,
  useJoinWaitlist,
  useLeaveWaitlist,
  usePortalClasses,
} from './portal.api';
import { daysFrom, fullDay, todayOf } from './portal-format';

// Classes by day: a week ahead in a strip of days, the chosen day's classes below it.

const DAYS = 7;

export function ClassesView({ me }: { me: PortalMe | undefined }) {
  const classes = usePortalClasses(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [busy, setBusy] = useState<{ id: string; action: ClassAction } | null>(null);
  const [cancel, setCancel] = useState<CancelTarget | null>(null);
  const book = useBookClass();
  const join = useJoinWaitlist();
  const leave = useLeaveWaitlist();
  const cancelBooking = useCancelBooking();

  const timeZone = me?.organization.timeZone ?? 'UTC';
  const list = classes.data?.list ?? [];
  const today = todayOf(timeZone);
  const from = classes.data?.from ?? today;
  const days = daysFrom(from, DAYS);
  const { counts, booked } = useMemo(() => {
    const counts = new Map<string, number>();
    const booked = new Set<string>();
    for (const c of list) {
      counts.set(c.date, (counts.get(c.date) ?? 0) + 1);
      if (c.booking) booked.add(c.date);
    }
    return { counts, booked };
  }, [list]);
  const selected = chosen ?? from;
  const ofDay = list.filter((c) => c.date === selected);
  // Classes already over go under "Earlier today", folded: what is still to come comes first.
  const now = Date.now();
  const ahead = ofDay.filter((c) => Date.parse(c.endsAt) > now);
  const earlier = ofDay.filter((c) => Date.parse(c.endsAt) <= now);
  const [showEarlier, setShowEarlier] = useState(false);

  const act = (action: ClassAction, item: PortalClass) => {
    if (action === 'cancel' && item.booking) {
      setCancel({
        bookingId: item.booking._id,
        title: item.title,
        date: item.date,
        startTime: item.startTime,
        startsAt: item.startsAt,
      });
      return;
    }
    const run = action === 'book' ? book : action === 'join' ? join : leave;
    setBusy({ id: item._id, action });
    run.mutate(item._id, { onSettled: () => setBusy(null) });
  };

  return (
    <Stack gap="md">
      <Group justify="space-between" align="baseline">
        <Title order={3}>Classes</Title>
        <Text size="sm" c="dimmed">
          {fullDay(selected)}
        </Text>
      </Group>
      <DayStrip
        days={days}
        today={today}
        selected={selected}
        booked={booked}
        counts={counts}
        onSelect={setChosen}
      />
      {classes.isPending && (
        <Center py="xl">
          <Loader />
        </Center>
      )}
      {classes.isError && <Alert color="red">The classes could not be loaded. Please try again.</Alert>}
      {classes.isSuccess && ofDay.length === 0 && (
        <Stack align="center" gap="xs" py="xl" c="dimmed">
          <IconCalendarOff size={40} stroke={1.4} />
          <Text>No classes on {fullDay(selected)}.</Text>
        </Stack>
      )}
      <Stack gap="sm">
        {ahead.map((item) => (
          <ClassCard
            key={item._id}
            item={item}
            busy={busy?.id === item._id ? busy.action : null}
            onAction={act}
          />
        ))}
        {classes.isSuccess && ofDay.length > 0 && ahead.length === 0 && (
          <Text c="dimmed" ta="center" py="md">
            That's all for today. Pick another day above.
          </Text>
        )}
      </Stack>
      {earlier.length > 0 && (
        <Stack gap="sm">
          <Button
            variant="subtle"
            color="gray"
            radius="xl"
            onClick={() => setShowEarlier((v) => !v)}
            rightSection={showEarlier ? <IconChevronUp size={16} /> : <IconChevronDown size={16} />}
          >
            Earlier today ({earlier.length})
          </Button>
          {showEarlier &&
            earlier.map((item) => <ClassCard key={item._id} item={item} busy={null} onAction={act} />)}
        </Stack>
      )}
      <CancelDialog
        target={cancel}
        cutoffMinutes={me?.cancelCutoffMinutes ?? 0}
        busy={cancelBooking.isPending}
        onClose={() => setCancel(null)}
        onConfirm={(target) => cancelBooking.mutate(target.bookingId, { onSuccess: () => setCancel(null) })}
      />
    </Stack>
  );
}
