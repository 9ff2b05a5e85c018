import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { isoDateInZone, workedMs } from '@opsuite/shared';
import type { WorkHistoryAnswer } from '@opsuite/shared/contracts/staff-time';
import { IconCamera, IconCoffee, IconPlayerPlay, IconPlayerStop } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { api } from '../../app/api-client';
import { useOrganizationTimeZone } from '../../app/zone-time';
import { confirmAction } from '../../components/confirm';
import { PageToolbar } from '../../components/page-toolbar';
import { CaptureCard } from './components/capture-card';
import { WeekHours } from './components/week-hours';
import { screenCapture } from './screen-capture';
import {
  useConfirmWork,
  useEndBreak,
  useEndWork,
  useMyClock,
  useMySchedule,
  useStartWork,
  useTakeBreak,
} from './staff.api';
import { currentWeek, dayLabel, hours, spanOf, timeOf } from './staff-format';

/** Ticks every 30 seconds so running totals move on. */
function useNow(everyMs = 30_000) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

function BreakModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const takeBreak = useTakeBreak();
  const [rest, setRest] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!rest.trim()) return setError('Say what the break is for');
    takeBreak.mutate(rest.trim(), {
      onSuccess: () => {
        setRest('');
        onClose();
      },
    });
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
          <TextInput
            label="Rest description"
            placeholder="Lunch, coffee, errand…"
            value={rest}
            onChange={(e) => {
              setRest(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            maxLength={500}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={takeBreak.isPending}>
              Start break
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function ClockCard({ session }: { session: WorkHistoryAnswer | null }) {
  const timeZone = useOrganizationTimeZone();
  const now = useNow();
  const start = useStartWork();
  const endBreak = useEndBreak();
  const endWork = useEndWork();
  const [breakOpen, setBreakOpen] = useState(false);
  const [shiftId, setShiftId] = useState<string | null>(null);
  const week = currentWeek(timeZone);
  const mine = useMySchedule(week);
  const today = isoDateInZone(now, timeZone);
  const todays = (mine.data?.shifts ?? []).filter((s) => s.day === today);
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
            {todays.length > 0 && (
              <Select
                label="Today's shift"
                placeholder="Work without a shift"
                clearable
                data={todays.map((s) => ({
                  value: s._id,
                  label: `${s.shiftName} · ${spanOf(s.startDate, s.endDate, timeZone)}`,
                }))}
                value={shiftId}
                onChange={setShiftId}
              />
            )}
            <Button
              size="lg"
              leftSection={<IconPlayerPlay size={20} />}
              loading={start.isPending}
              onClick={() => {
                const shift = todays.find((s) => s._id === shiftId);
                start.mutate(shift ? { shiftId: shift._id, shiftName: shift.shiftName } : {});
              }}
            >
              Start work
            </Button>
          </>
        )}
        {session && (
          <>
            <Group justify="space-between" wrap="nowrap">
              <Title order={3}>{session.onBreak ? 'On a break' : 'Working'}</Title>
              <Badge color={session.onBreak ? 'orange' : 'teal'} size="lg" tt="none">
                {hours(worked)}
              </Badge>
            </Group>
            <Text c="dimmed" size="sm">
              Since {timeOf(session.startTime, timeZone)}
              {session.shiftName ? ` · ${session.shiftName}` : ''}
              {running
                ? ` · break: ${running.description ?? ''} since ${timeOf(running.startTime, timeZone)}`
                : ''}
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

function ToConfirm({ entries }: { entries: WorkHistoryAnswer[] }) {
  const timeZone = useOrganizationTimeZone();
  const confirm = useConfirmWork();
  if (entries.length === 0) return null;
  return (
    <Alert color="orange" title="Ended automatically: please confirm" icon={<IconPlayerStop />}>
      <Stack gap="xs">
        {entries.map((e) => (
          <Group key={e.historyId} justify="space-between">
            <Text size="sm">
              {dayLabel(isoDateInZone(Date.parse(e.startTime), timeZone))} ·{' '}
              {spanOf(e.startTime, e.endTime ?? e.startTime, timeZone)} · {hours(e.workedMs)}
            </Text>
            <Button size="xs" onClick={() => confirm.mutate(e.historyId)}>
              Confirm
            </Button>
          </Group>
        ))}
        <Text size="xs">If the times are wrong, ask a manager to correct them.</Text>
      </Stack>
    </Alert>
  );
}

/** The employee's time clock: start, breaks, end, screenshots and this week's hours. */
export function TimeClockPage() {
  const clock = useMyClock();
  const data = clock.data;
  const session = data?.session ?? null;
  // Clocked out (here, at the kiosk or by a manager): the screen share ends with the session.
  useEffect(() => {
    if (data && !session && screenCapture.state !== 'off') screenCapture.stop();
  }, [data, session]);
  return (
    <Stack gap="md" maw={720}>
      <PageToolbar title="Time clock" />
      {data && !data.contactId && (
        <Alert color="gray">
          Your account has no employee record in this organisation, so it cannot clock in.
        </Alert>
      )}
      {data?.contactId && (
        <>
          <ToConfirm entries={data.needsConfirmation} />
          <ClockCard session={session} />
          {session && data.settings.screenshotsEnabled && (
            <CaptureCard
              session={session}
              intervalMinutes={data.settings.screenshotIntervalMinutes}
              upload={(frame) =>
                api.post('/contact/workhistory/updatework', { historyId: session.historyId, ...frame })
              }
              report={(captureStatus) =>
                api.post('/contact/workhistory/updatework', { historyId: session.historyId, captureStatus })
              }
            />
          )}
          <WeekHours week={data.week} />
        </>
      )}
      {!data && clock.isLoading && <Text c="dimmed">Loading…</Text>}
      <Text size="xs" c="dimmed">
        <IconCamera size={12} /> Screenshots are kept with your entries and shown only to you and your
        managers.
      </Text>
    </Stack>
  );
}
