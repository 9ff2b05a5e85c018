import { Alert, Button, Group, Modal, Skeleton, Stack, Text } from '@mantine/core';
import type { PayLineAnswer } from '@opsuite/shared';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { errorMessage } from '../../../app/api-client';
import { toastFailure } from '../../../app/toast';
import { formatDay } from '../../../app/zone-time';
import { openPayrollFile, useRun } from '../payroll.api';
import { money } from './money';
import { PayLines } from './pay-lines';

/** One run: its slips, the CSV export and each employee's pay stub. */
export function RunDetails({ id, onClose }: { id: string; onClose: () => void }) {
  const run = useRun(id);
  const data = run.data;
  const stub = (line: PayLineAnswer) =>
    openPayrollFile(`/payroll/report/${id}/stub/${line.contactId}`).catch((e) =>
      toastFailure(e, 'Unable to open the pay stub'),
    );
  const csv = () =>
    data &&
    openPayrollFile(`/payroll/report/${id}/export.csv`, `payroll-${data.periodStart}.csv`).catch((e) =>
      toastFailure(e, 'Unable to export'),
    );
  return (
    <Modal
      opened
      onClose={onClose}
      title="Payroll run"
      size="xl"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {run.isPending && <Skeleton h={120} />}
      {run.isError && <Alert color="red">{errorMessage(run.error)}</Alert>}
      {data && (
        <Stack>
          <Group justify="space-between" wrap="wrap">
            <div>
              <Text fw={600}>
                {data.type === 'offcycle' ? 'Off-cycle' : 'Regular'}: {formatDay(data.periodStart)} to{' '}
                {formatDay(data.periodEnd)}
              </Text>
              {data.note && (
                <Text size="sm" c="dimmed">
                  {data.note}
                </Text>
              )}
            </div>
            <Group gap="xs">
              <Text fw={700}>Total {money(data.totals.netCents)}</Text>
              <Button
                variant="default"
                size="compact-sm"
                leftSection={<IconFileTypeCsv size={14} />}
                onClick={csv}
              >
                Export CSV
              </Button>
            </Group>
          </Group>
          <PayLines lines={data.lines} onStub={stub} />
        </Stack>
      )}
    </Modal>
  );
}
