import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Paper, Text } from '@mantine/core';
import type { FinanceStatsAnswer } from '@opsuite/shared';
import { formatCents } from '../billing-format';

// Money collected and refunded in each of the last 12 months, on the organisation's calendar.

/** 'Dec ’25': a month, not a day of it. */
const monthLabel = (month: string) =>
  `${new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', timeZone: 'UTC' })} ’${month.slice(2, 4)}`;

export function CollectedChart({ months }: { months: FinanceStatsAnswer['months'] }) {
  const data = months.map((m) => ({
    month: monthLabel(m.month),
    Collected: m.collectedCents / 100,
    Refunded: m.refundedCents / 100,
  }));
  return (
    <Paper withBorder radius="md" p="md">
      <Text fw={600} mb="sm">
        Collected per month
      </Text>
      <BarChart
        h={220}
        data={data}
        dataKey="month"
        series={[
          { name: 'Collected', color: 'teal.6' },
          { name: 'Refunded', color: 'orange.5' },
        ]}
        valueFormatter={(value) => formatCents(Math.round(value * 100))}
        tickLine="y"
        gridAxis="y"
        withLegend
      />
    </Paper>
  );
}
