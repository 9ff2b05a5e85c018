import { ActionIcon, Badge, Button, Card, Group, Menu, Stack, Text, Title } from '@mantine/core';
import { isoDateInZone } from '@opsuite/shared';
import type { MyShift, PoolEntryAnswer, RequestAnswer } from '@opsuite/shared/contracts/staff-schedule';
import { IconDots } from '@tabler/icons-react';
import { useState } from 'react';
import { useSession } from '../../app/auth-store';
import { useOrganizationTimeZone } from '../../app/zone-time';
import { PageToolbar } from '../../components/page-toolbar';
import { RescheduleModal, TimeOffModal } from './components/request-forms';
import { WeekNav } from './components/week-nav';
import {
  useCancelRequest,
  useMySchedule,
  useOfferShift,
  usePool,
  usePoolAction,
  useRequests,
  useWithdrawOffer,
} from './staff.api';
import { currentWeek, dayLabel, spanOf } from './staff-format';

const STATUS_COLORS: Record<string, string> = {
  pending: 'blue',
  approved: 'teal',
  denied: 'red',
  cancelled: 'gray',
};

function ShiftItem({ shift, onReschedule }: { shift: MyShift; onReschedule: (s: MyShift) => void }) {
  const timeZone = useOrganizationTimeZone();
  const offer = useOfferShift();
  const future = Date.parse(shift.startDate) > Date.now();
  return (
    <Card withBorder padding="sm" data-testid="my-shift">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text fw={600}>{shift.shiftName}</Text>
          <Text size="sm" c="dimmed">
            {dayLabel(shift.day)} · {spanOf(shift.startDate, shift.endDate, timeZone)}
          </Text>
          {shift.onOffer && (
            <Badge mt={4} color="grape" size="sm">
              In the shift pool
            </Badge>
          )}
        </div>
        {future && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" aria-label={`Actions for ${shift.shiftName}`}>
                <IconDots size={18} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item disabled={shift.onOffer} onClick={() => offer.mutate({ shiftId: shift._id })}>
                Offer in the shift pool
              </Menu.Item>
              <Menu.Item onClick={() => onReschedule(shift)}>Ask to reschedule</Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
    </Card>
  );
}

function PoolItem({ entry, me }: { entry: PoolEntryAnswer; me: string | null }) {
  const timeZone = useOrganizationTimeZone();
  const act = usePoolAction();
  const withdraw = useWithdrawOffer();
  const mine = entry.offeredBy.contactId === me;
  const myBid = entry.bids.find((b) => b.contactId === me && b.status === 'active');
  return (
    <Card withBorder padding="sm" data-testid="pool-entry">
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{entry.shift.shiftName}</Text>
          <Badge color={entry.status === 'offered' ? 'grape' : 'gray'} size="sm">
            {entry.status === 'offered'
              ? `${entry.bids.filter((b) => b.status === 'active').length} bids`
              : entry.status}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {dayLabel(entry.shift.day)} · {spanOf(entry.shift.startDate, entry.shift.endDate, timeZone)} ·
          offered by {mine ? 'you' : entry.offeredBy.fullName}
        </Text>
        {entry.note && <Text size="sm">{entry.note}</Text>}
        {entry.status === 'offered' && (
          <Group>
            {mine && (
              <Button size="xs" variant="default" onClick={() => withdraw.mutate(entry._id)}>
                Withdraw
              </Button>
            )}
            {!mine && !myBid && (
              <Button size="xs" onClick={() => act.mutate({ id: entry._id, action: 'bid' })}>
                Bid
              </Button>
            )}
            {!mine && myBid && (
              <Button
                size="xs"
                variant="default"
                onClick={() => act.mutate({ id: entry._id, action: 'cancel-bid' })}
              >
                Cancel bid
              </Button>
            )}
          </Group>
        )}
        {entry.trades.map((t) => (
          <Text key={t.at} size="sm">
            Traded to {t.to.contactId === me ? 'you' : t.to.fullName}
          </Text>
        ))}
      </Stack>
    </Card>
  );
}

function RequestItem({ request }: { request: RequestAnswer }) {
  const cancel = useCancelRequest();
  const timeZone = useOrganizationTimeZone();
  const kind = request.kind === 'timeOff' ? 'time-off' : 'reschedule';
  const what =
    request.kind === 'timeOff'
      ? `Time off ${dayLabel(request.payload.startDate)} – ${dayLabel(request.payload.endDate)}`
      : `${request.payload.shiftName}: ${spanOf(request.payload.startDate, request.payload.endDate, timeZone)}`;
  return (
    <Stack gap={2} data-testid="my-request">
      <Text size="sm">{what}</Text>
      {request.response && (
        <Text size="xs" c="dimmed">
          {request.response}
        </Text>
      )}
      <Group gap="xs" wrap="nowrap">
        <Badge color={STATUS_COLORS[request.status]}>{request.status}</Badge>
        {request.status === 'pending' && (
          <Button size="compact-xs" variant="subtle" onClick={() => cancel.mutate({ kind, id: request._id })}>
            Cancel
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** My schedule: my published shifts, the shift pool, and my time-off and reschedule requests. */
export function MySchedulePage() {
  const timeZone = useOrganizationTimeZone();
  const me = useSession()?.userData.curRole.contactId ?? null;
  const [week, setWeek] = useState(() => currentWeek(timeZone));
  const schedule = useMySchedule(week);
  const pool = usePool('all');
  const timeOff = useRequests('time-off', { contactId: me ?? undefined });
  const reschedules = useRequests('reschedule', { contactId: me ?? undefined });
  const [rescheduling, setRescheduling] = useState<MyShift | null>(null);
  const [timeOffOpen, setTimeOffOpen] = useState(false);
  const shifts = schedule.data?.shifts ?? [];
  const requests = [...(timeOff.data?.list ?? []), ...(reschedules.data?.list ?? [])].sort((a, b) =>
    b.createdAt.localeCompare(a.createdAt),
  );
  const openPool = (pool.data?.list ?? []).filter((e) => e.status === 'offered');
  return (
    <Stack gap="md" maw={720}>
      <PageToolbar title="My schedule" />
      <WeekNav week={week} onChange={setWeek} />
      <Stack gap="xs">
        <Title order={4}>My shifts</Title>
        {shifts.length === 0 && (
          <Text c="dimmed" size="sm">
            No published shifts this week.
          </Text>
        )}
        {shifts.map((s) => (
          <ShiftItem key={s._id} shift={s} onReschedule={setRescheduling} />
        ))}
        {(schedule.data?.timeOff ?? []).map((t) => (
          <Badge key={t._id} color="orange" variant="light" size="lg">
            Time off {dayLabel(isoDateInZone(Date.parse(t.startDate), timeZone))}
          </Badge>
        ))}
      </Stack>
      <Stack gap="xs">
        <Title order={4}>Shift pool</Title>
        {openPool.length === 0 && (
          <Text c="dimmed" size="sm">
            No shifts are offered right now.
          </Text>
        )}
        {openPool.map((e) => (
          <PoolItem key={e._id} entry={e} me={me} />
        ))}
      </Stack>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={4}>My requests</Title>
          <Button size="xs" variant="light" onClick={() => setTimeOffOpen(true)}>
            Request time off
          </Button>
        </Group>
        {requests.length === 0 && (
          <Text c="dimmed" size="sm">
            No requests yet.
          </Text>
        )}
        {requests.map((r) => (
          <RequestItem key={r._id} request={r} />
        ))}
      </Stack>
      <RescheduleModal shift={rescheduling} onClose={() => setRescheduling(null)} />
      <TimeOffModal opened={timeOffOpen} onClose={() => setTimeOffOpen(false)} />
    </Stack>
  );
}
