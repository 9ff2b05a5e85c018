import { Alert, Badge, Button, Card, Group, Select, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { TIP_RANGE_MAX_DAYS, TIPS_TEXT } from '@opsuite/shared';
import { IconRefresh, IconTransfer } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../app/api-client';
import { money } from '../components/money';
import { usePending, useRefreshPending } from '../payroll.api';
import { RangeInputs, rangeProblem, useDefaultRange } from './range-inputs';
import { TipShareTable } from './tip-share-table';
import { useSyncTipShare, useTipPools, useTipShare } from './tips.api';

/** The tip share of a date range, all pools or one, with the POS sync. */
export function TipSharePanel({ canWrite }: { canWrite: boolean }) {
  const [range, setRange, ready] = useDefaultRange();
  const [poolId, setPoolId] = useState<string | null>(null);
  const pools = useTipPools(1, 100);
  const problem = rangeProblem(range);
  const share = useTipShare(problem || !ready ? null : { ...range, ...(poolId ? { poolId } : {}) });
  const sync = useSyncTipShare();
  // Tips reach pay through the pending payroll: refreshing it here saves a trip to Pending.
  const pending = usePending(undefined);
  const refresh = useRefreshPending();
  const data = share.data;
  const unshared = data ? data.totals.unsharedCardCents + data.totals.unsharedCashCents : 0;

  return (
    <Stack gap="md">
      {canWrite && (
        <Group justify="flex-end" gap="xs" wrap="wrap">
          <Button
            variant="default"
            leftSection={<IconTransfer size={16} />}
            loading={sync.isPending}
            disabled={Boolean(problem)}
            onClick={() => sync.mutate(range)}
          >
            Sync tip share with POS
          </Button>
          <Button
            variant="subtle"
            leftSection={<IconRefresh size={16} />}
            loading={refresh.isPending}
            disabled={!pending.data || pending.data.status === 'completed'}
            onClick={() => pending.data && refresh.mutate(pending.data.periodStart)}
          >
            Refresh pending payroll
          </Button>
        </Group>
      )}
      <Card withBorder padding="md">
        <Group align="flex-end" wrap="wrap" gap="sm">
          <RangeInputs value={range} onChange={setRange} />
          <Select
            label="Tip pool"
            placeholder="All pools"
            data={(pools.data?.list ?? []).map((p) => ({ value: p._id, label: p.name }))}
            value={poolId}
            onChange={setPoolId}
            clearable
            w={{ base: '100%', xs: 200 }}
          />
        </Group>
        {problem && (
          <Text c="red" size="sm" mt="xs">
            {problem}
          </Text>
        )}
      </Card>
      {share.isPending && !problem && <Skeleton h={160} />}
      {share.isError && <Alert color="red">{errorMessage(share.error)}</Alert>}
      {data && (
        <>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
            <Stat label="Card tips" value={money(data.totals.cardTipsCents)} testId="tips-card-total" />
            <Stat label="Cash tips" value={money(data.totals.cashTipsCents)} testId="tips-cash-total" />
            <Stat label="Employees" value={String(data.employees.length)} />
            <Stat label="Pools" value={String(data.pools.length)} />
          </SimpleGrid>
          {unshared > 0 && (
            <Alert color="orange" title="Tips nobody could share">
              {money(unshared)} of these tips fell on days when nobody who shares tips worked in the pool.
              They stay unshared until someone's work is recorded for those days.
            </Alert>
          )}
          {data.pools.length > 1 && (
            <Group gap={6} wrap="wrap">
              {data.pools.map((p) => (
                <Badge key={p.poolId} variant="light" size="lg">
                  {p.name}: {money(p.cardTipsCents + p.cashTipsCents)}
                </Badge>
              ))}
            </Group>
          )}
          <Card withBorder padding="md">
            <TipShareTable employees={data.employees} />
          </Card>
          <Text size="xs" c="dimmed">
            Card tips are paid with payroll (they show on the pending lines). Cash tips were taken by the
            house, which owes them to the employee. At most {TIP_RANGE_MAX_DAYS} days at once.
          </Text>
        </>
      )}
      {!data && !share.isPending && !share.isError && !problem && (
        <Text c="dimmed">{TIPS_TEXT.datesRequired}</Text>
      )}
    </Stack>
  );
}

function Stat({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Card withBorder padding="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" data-testid={testId}>
        {value}
      </Text>
    </Card>
  );
}
