import { Alert, Badge, Button, Card, Group, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { addDaysToIsoDate } from '@opsuite/shared';
import { IconCash, IconPlayerPlay, IconRefresh, IconTransfer, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../app/api-client';
import { formatDay, formatInstant, useOrganizationTimeZone } from '../../../app/zone-time';
import { confirmAction } from '../../../components/confirm';
import { useClearDraft, usePending, useRefreshPending, useRunPayroll } from '../payroll.api';
import { useSyncTipShare } from '../tips/tips.api';
import { money } from './money';
import { OffCycleForm } from './off-cycle-form';
import { PayLines } from './pay-lines';

const STATUS: Record<string, { label: string; color: string }> = {
  preview: { label: 'Preview', color: 'gray' },
  draft: { label: 'Draft', color: 'yellow' },
  completed: { label: 'Paid', color: 'green' },
};

/** The pending payroll of the current (or previous) period, its lines, and the run buttons. */
export function PendingPanel({ canWrite }: { canWrite: boolean }) {
  const timeZone = useOrganizationTimeZone();
  const [which, setWhich] = useState<'current' | 'previous'>('current');
  const current = usePending(undefined);
  const previousStart = current.data ? addDaysToIsoDate(current.data.periodStart, -1) : undefined;
  const previous = usePending(which === 'previous' ? previousStart : undefined);
  const pending = which === 'previous' ? previous : current;
  const refresh = useRefreshPending();
  const run = useRunPayroll();
  const clear = useClearDraft();
  const sync = useSyncTipShare();
  const [offCycle, setOffCycle] = useState(false);
  const data = pending.data;

  const runNow = () =>
    data &&
    confirmAction({
      title: 'Run payroll?',
      message: `Pay ${data.totals.slips} employee(s) ${money(data.totals.netCents)} for ${formatDay(data.periodStart)} to ${formatDay(data.periodEnd)}. The period's work history is then locked.`,
      confirm: 'Run payroll',
      color: 'blue',
      onConfirm: () => run.mutate(data.periodStart),
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <SegmentedControl
          value={which}
          onChange={(v) => setWhich(v as 'current' | 'previous')}
          data={[
            { value: 'current', label: 'Current period' },
            { value: 'previous', label: 'Previous period' },
          ]}
        />
        {canWrite && (
          <Group gap="xs" wrap="wrap">
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} />}
              loading={refresh.isPending}
              disabled={!data || data.status === 'completed'}
              onClick={() => data && refresh.mutate(data.periodStart)}
            >
              Refresh
            </Button>
            <Button
              variant="default"
              leftSection={<IconTransfer size={16} />}
              loading={sync.isPending}
              disabled={!data || data.status === 'completed'}
              onClick={() => data && sync.mutate({ startDate: data.periodStart, endDate: data.periodEnd })}
            >
              Sync tip share with POS
            </Button>
            <Button variant="default" leftSection={<IconCash size={16} />} onClick={() => setOffCycle(true)}>
              Off-cycle run
            </Button>
            <Button
              leftSection={<IconPlayerPlay size={16} />}
              loading={run.isPending}
              disabled={!data || data.status === 'completed' || data.lines.length === 0}
              onClick={runNow}
            >
              Run payroll
            </Button>
          </Group>
        )}
      </Group>
      <Card withBorder padding="md">
        {pending.isPending && <Skeleton h={120} />}
        {pending.isError && <Alert color="red">{errorMessage(pending.error)}</Alert>}
        {data && (
          <Stack gap="sm">
            <Group justify="space-between" wrap="wrap">
              <div>
                <Text fw={600}>
                  {formatDay(data.periodStart)} to {formatDay(data.periodEnd)}
                </Text>
                <Text size="sm" c="dimmed">
                  {data.payCycle} pay cycle
                  {data.refreshedAt ? ` · refreshed ${formatInstant(data.refreshedAt, timeZone)}` : ''}
                </Text>
              </div>
              <Group gap="xs">
                <Badge color={STATUS[data.status]?.color} variant="light">
                  {STATUS[data.status]?.label}
                </Badge>
                <Text fw={700} data-testid="pending-total">
                  Total {money(data.totals.netCents)}
                </Text>
                {canWrite && data.status === 'draft' && data.runId && (
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    leftSection={<IconTrash size={14} />}
                    onClick={() => clear.mutate(data.runId!)}
                  >
                    Clear draft
                  </Button>
                )}
              </Group>
            </Group>
            <PayLines lines={data.lines} />
          </Stack>
        )}
      </Card>
      {offCycle && <OffCycleForm onClose={() => setOffCycle(false)} />}
    </Stack>
  );
}
