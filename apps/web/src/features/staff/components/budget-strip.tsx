import { Button, Group, Modal, NumberInput, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { BudgetAnswer } from '@opsuite/shared/contracts/staff-schedule';
import { useState } from 'react';
import { useSaveBudget } from '../staff.api';
import { dayLabel, money, type Week } from '../staff-format';

/** Planned sales per day against the week's labour cost, and the labour percentage. */
export function BudgetStrip({ week, budget }: { week: Week; budget: BudgetAnswer | undefined }) {
  const [open, setOpen] = useState(false);
  const save = useSaveBudget();
  const [values, setValues] = useState<Record<string, number>>({});
  if (!budget) return null;
  const edit = () => {
    setValues(Object.fromEntries(budget.days.map((d) => [d.day, d.plannedSalesCents / 100])));
    setOpen(true);
  };
  const submit = () =>
    save.mutate(
      {
        ...week,
        days: budget.days.map((d) => ({
          day: d.day,
          plannedSalesCents: Math.round((values[d.day] ?? 0) * 100),
        })),
      },
      { onSuccess: () => setOpen(false) },
    );
  return (
    <Paper withBorder p="sm" data-testid="budget-strip">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="lg" wrap="wrap">
          <Stat label="Planned sales" value={money(budget.plannedSalesCents)} />
          <Stat label="Labour cost" value={money(budget.labourCostCents)} />
          <Stat
            label="Labour %"
            value={budget.plannedSalesCents ? `${budget.labourPercent.toFixed(1)}%` : '—'}
          />
        </Group>
        <Button size="xs" variant="light" onClick={edit}>
          Sales budget
        </Button>
      </Group>
      <Text size="xs" c="dimmed" mt={4}>
        Labour cost uses each employee's wage from payroll (a salary as its hourly equivalent), else their
        hourly cost, else their shift's position's rate; a shift with none of these costs nothing.
      </Text>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title="Planned sales"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack>
          <SimpleGrid cols={2}>
            {budget.days.map((d) => (
              <NumberInput
                key={d.day}
                label={dayLabel(d.day)}
                min={0}
                decimalScale={2}
                thousandSeparator=","
                value={values[d.day] ?? 0}
                onChange={(v) => setValues({ ...values, [d.day]: Number(v) || 0 })}
              />
            ))}
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button onClick={submit} loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700}>{value}</Text>
    </div>
  );
}
