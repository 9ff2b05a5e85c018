import { Grid, Group, Paper, Progress, SimpleGrid, Skeleton, Stack, Text, Tooltip } from '@mantine/core';
import type { FinanceStatsAnswer, InvoiceStatsAnswer } from '@opsuite/shared';
import { formatCents } from '../billing-format';

// The statistics tiles of the billing overview: money collected and owed, and the
// invoices by state with the paid, scheduled and due amounts and their percentages.

function Tile({
  label,
  value,
  hint,
  color,
}: {
  label: string;
  value: string;
  hint?: string;
  color?: string;
}) {
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      style={color ? { borderLeft: `4px solid var(--mantine-color-${color}-6)` } : undefined}
    >
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} size="xl">
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}

export function FinanceTiles({ stats }: { stats: FinanceStatsAnswer | undefined }) {
  if (!stats) return <Skeleton h={92} radius="md" />;
  const change =
    stats.lastMonth > 0 ? Math.round(((stats.thisMonth - stats.lastMonth) / stats.lastMonth) * 100) : null;
  return (
    <section aria-label="Finance statistics">
      <Grid columns={10} gap="sm">
        <Grid.Col span={{ base: 5, lg: 2 }}>
          <Tile
            label="This month"
            value={formatCents(stats.thisMonth)}
            hint={change === null ? 'collected' : `${change >= 0 ? '+' : ''}${change}% on last month`}
            color="green"
          />
        </Grid.Col>
        <Grid.Col span={{ base: 5, lg: 2 }}>
          <Tile label="Last month" value={formatCents(stats.lastMonth)} hint="collected" />
        </Grid.Col>
        <Grid.Col span={{ base: 5, lg: 2 }}>
          <Tile label="Past due" value={formatCents(stats.pastDue)} hint="owed and late" color="red" />
        </Grid.Col>
        <Grid.Col span={{ base: 5, lg: 2 }}>
          <Tile label="Upcoming" value={formatCents(stats.upcoming)} hint="owed, not yet due" color="blue" />
        </Grid.Col>
        <Grid.Col span={{ base: 10, lg: 2 }}>
          <Tile
            label="Total collected"
            value={formatCents(stats.totalCollected)}
            hint={
              stats.oneTime > 0
                ? `${formatCents(stats.ongoing)} recurring, ${formatCents(stats.oneTime)} one-time`
                : 'all from memberships'
            }
          />
        </Grid.Col>
      </Grid>
    </section>
  );
}

export function InvoiceTiles({ stats }: { stats: InvoiceStatsAnswer | undefined }) {
  if (!stats) return <Skeleton h={160} radius="md" />;
  const counts: [string, number][] = [
    ['Invoices', stats.total],
    ['Paid', stats.paid],
    ['Due', stats.due],
    ['Sent', stats.sent],
    ['Partial', stats.partialPayment],
    ['Draft', stats.draft],
  ];
  return (
    <Paper withBorder radius="md" p="md" aria-label="Invoice statistics">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 3, sm: 6 }} spacing="xs">
          {counts.map(([label, n]) => (
            <div key={label}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {label}
              </Text>
              <Text fw={700}>{n}</Text>
            </div>
          ))}
        </SimpleGrid>
        <Progress.Root size={14} radius="xl" aria-label="Paid, scheduled and due amounts">
          {(
            [
              ['Paid', stats.paidPercent, stats.paidAmount, 'green'],
              ['Scheduled', stats.scheduledPercent, stats.scheduledAmount, 'blue'],
              ['Due', stats.duePercent, stats.dueAmount, 'red'],
            ] as const
          ).map(([label, percent, amount, color]) => (
            <Tooltip key={label} label={`${label}: ${formatCents(amount)} (${percent}%)`}>
              <Progress.Section value={percent} color={color} />
            </Tooltip>
          ))}
        </Progress.Root>
        <Group gap="lg" wrap="wrap">
          <Legend color="green" label="Paid" amount={stats.paidAmount} percent={stats.paidPercent} />
          <Legend
            color="blue"
            label="Scheduled"
            amount={stats.scheduledAmount}
            percent={stats.scheduledPercent}
          />
          <Legend color="red" label="Due" amount={stats.dueAmount} percent={stats.duePercent} />
        </Group>
        <Text size="sm" c="dimmed">
          Still to collect: {formatCents(stats.thisWeek)} this week · {formatCents(stats.thisMonth)} this
          month · {formatCents(stats.nextMonth)} next month
        </Text>
      </Stack>
    </Paper>
  );
}

function Legend({
  color,
  label,
  amount,
  percent,
}: {
  color: string;
  label: string;
  amount: number;
  percent: number;
}) {
  return (
    <Group gap={6} wrap="nowrap">
      <span
        aria-hidden
        style={{ width: 10, height: 10, borderRadius: 5, background: `var(--mantine-color-${color}-6)` }}
      />
      <Text size="sm">
        {label} <b>{formatCents(amount)}</b>{' '}
        <Text span c="dimmed" size="sm">
          ({percent}%)
        </Text>
      </Text>
    </Group>
  );
}
