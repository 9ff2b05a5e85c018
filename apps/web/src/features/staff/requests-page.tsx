import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  SegmentedControl,
  Stack,
  Tabs,
  Text,
  TextInput,
} from '@mantine/core';
import { plural } from '@opsuite/shared';
import type { PoolEntryAnswer, RequestAnswer } from '@opsuite/shared/contracts/staff-schedule';
import { useState } from 'react';
import { formatInstant, useOrganizationTimeZone } from '../../app/zone-time';
import { PageToolbar } from '../../components/page-toolbar';
import { useDecide, usePool, usePoolAction, useRequests, useTradeNotify } from './staff.api';
import { dayLabel, spanOf } from './staff-format';

const STATUS_COLORS: Record<string, string> = {
  pending: 'blue',
  approved: 'teal',
  denied: 'red',
  cancelled: 'gray',
};

function RequestCard({ request }: { request: RequestAnswer }) {
  const timeZone = useOrganizationTimeZone();
  const decide = useDecide();
  const [response, setResponse] = useState('');
  // Time off over published shifts: what approving does with them.
  const [shifts, setShifts] = useState<'keep' | 'pool' | 'unassign'>('pool');
  const covered = request.kind === 'timeOff' ? request.overlappingShifts : 0;
  const kind = request.kind === 'timeOff' ? 'time-off' : 'reschedule';
  const what =
    request.kind === 'timeOff'
      ? `${dayLabel(request.payload.startDate)} – ${dayLabel(request.payload.endDate)}`
      : `${request.payload.shiftName} → ${spanOf(request.payload.startDate, request.payload.endDate, timeZone)} (${dayLabel(request.payload.startDate.slice(0, 10))})`;
  return (
    <Card withBorder padding="sm" data-testid="request-card">
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{request.fullName}</Text>
          <Badge color={STATUS_COLORS[request.status]}>{request.status}</Badge>
        </Group>
        <Text size="sm">{what}</Text>
        {request.payload.reason && (
          <Text size="sm" c="dimmed">
            “{request.payload.reason}”
          </Text>
        )}
        <Text size="xs" c="dimmed">
          Asked {formatInstant(request.createdAt, timeZone)}
          {request.decidedBy ? ` · ${request.status} by ${request.decidedBy}` : ''}
        </Text>
        {covered > 0 && request.status === 'pending' && (
          <Alert color="orange" p="xs" data-testid="time-off-shifts">
            <Text size="sm">{plural(covered, 'published shift')} in these days. On approval:</Text>
            <SegmentedControl
              size="xs"
              mt={4}
              value={shifts}
              onChange={(v) => setShifts(v as typeof shifts)}
              data={[
                { value: 'pool', label: 'Move to the pool' },
                { value: 'unassign', label: 'Unassign' },
                { value: 'keep', label: 'Keep assigned' },
              ]}
            />
          </Alert>
        )}
        {request.status === 'pending' && (
          <Group align="flex-end" wrap="wrap">
            <TextInput
              size="xs"
              placeholder="Reply (optional)"
              value={response}
              onChange={(e) => setResponse(e.currentTarget.value)}
            />
            <Button
              size="xs"
              color="teal"
              onClick={() =>
                decide.mutate({
                  kind,
                  id: request._id,
                  status: 'approved',
                  response: response || null,
                  ...(covered > 0 ? { shifts } : {}),
                })
              }
            >
              Approve
            </Button>
            <Button
              size="xs"
              color="red"
              variant="light"
              onClick={() =>
                decide.mutate({ kind, id: request._id, status: 'denied', response: response || null })
              }
            >
              Deny
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

function PoolCard({ entry }: { entry: PoolEntryAnswer }) {
  const timeZone = useOrganizationTimeZone();
  const act = usePoolAction();
  const notify = useTradeNotify();
  const active = entry.bids.filter((b) => b.status === 'active');
  return (
    <Card withBorder padding="sm" data-testid="pool-card">
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>
            {entry.shift.shiftName} · {dayLabel(entry.shift.day)}
          </Text>
          <Badge color={entry.status === 'offered' ? 'grape' : 'gray'}>{entry.status}</Badge>
        </Group>
        <Text size="sm">
          {spanOf(entry.shift.startDate, entry.shift.endDate, timeZone)} · offered by{' '}
          {entry.offeredBy.fullName}
        </Text>
        {entry.status === 'offered' && active.length === 0 && (
          <Text size="sm" c="dimmed">
            No bids yet.
          </Text>
        )}
        {entry.status === 'offered' &&
          active.map((b) => (
            <Group key={b.contactId} justify="space-between">
              <Text size="sm">{b.fullName}</Text>
              <Button
                size="xs"
                onClick={() => act.mutate({ id: entry._id, action: 'accept-trade', contactId: b.contactId })}
              >
                Accept trade
              </Button>
            </Group>
          ))}
        {entry.trades.map((t) => (
          <Text key={t.at} size="sm">
            Moved to {t.to.fullName}
            {t.acceptedBy ? ` by ${t.acceptedBy}` : ''} · {formatInstant(t.at, timeZone)}
          </Text>
        ))}
        {entry.status !== 'withdrawn' && (
          <Button
            size="xs"
            variant="subtle"
            w="fit-content"
            onClick={() => notify.mutate(entry._id)}
            loading={notify.isPending}
          >
            {entry.status === 'offered' ? 'Tell employees' : 'Notify again'}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

/** The manager's inbox: time off, reschedules, and the shift pool's trades. */
export function RequestsPage() {
  const [status, setStatus] = useState('pending');
  const filter = status === 'all' ? {} : { status };
  const timeOff = useRequests('time-off', filter);
  const reschedule = useRequests('reschedule', filter);
  const pool = usePool(status === 'pending' ? 'offered' : 'all');
  const lists = {
    'time-off': timeOff.data?.list ?? [],
    reschedule: reschedule.data?.list ?? [],
  };
  const empty = <Text c="dimmed">Nothing here.</Text>;
  return (
    <Stack gap="sm" maw={900}>
      <PageToolbar title="Requests" />
      <SegmentedControl
        value={status}
        onChange={setStatus}
        data={[
          { value: 'pending', label: 'Waiting' },
          { value: 'all', label: 'All' },
        ]}
        w="fit-content"
      />
      <Tabs defaultValue="time-off" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="time-off">Time off ({lists['time-off'].length})</Tabs.Tab>
          <Tabs.Tab value="reschedule">Reschedule ({lists.reschedule.length})</Tabs.Tab>
          <Tabs.Tab value="pool">Shift pool ({pool.data?.list.length ?? 0})</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="time-off" pt="sm">
          <Stack gap="xs">
            {lists['time-off'].length
              ? lists['time-off'].map((r) => <RequestCard key={r._id} request={r} />)
              : empty}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="reschedule" pt="sm">
          <Stack gap="xs">
            {lists.reschedule.length
              ? lists.reschedule.map((r) => <RequestCard key={r._id} request={r} />)
              : empty}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="pool" pt="sm">
          <Stack gap="xs">
            {pool.data?.list.length ? pool.data.list.map((e) => <PoolCard key={e._id} entry={e} />) : empty}
          </Stack>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
