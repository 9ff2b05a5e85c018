import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { isoDateInZone } from '@opsuite/shared';
import type { WorkHistoryAnswer } from '@opsuite/shared/contracts/staff-time';
import { IconCamera, IconPlayerStop } from '@tabler/icons-react';
import { useEffect } from 'react';
import { api } from '../../app/api-client';
import { useOrganizationTimeZone } from '../../app/zone-time';
import { PageToolbar } from '../../components/page-toolbar';
import { CaptureCard } from './components/capture-card';
import { ClockCard } from './components/clock-card';
import { PinCard } from './components/pin-card';
import { WeekHours } from './components/week-hours';
import { screenCapture } from './screen-capture';
import { useConfirmWork, useMyClock } from './staff.api';
import { dayLabel, hours, spanOf } from './staff-format';

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
          <ClockCard clock={data} />
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
          <PinCard pinSet={data.pinSet} required={data.settings.requirePunchPin} />
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
