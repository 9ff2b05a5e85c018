import { Alert, Badge, Button, Group, Modal, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import type { PayLineAnswer } from '@opsuite/shared';
import { can } from '@opsuite/shared/rules/permissions';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../app/api-client';
import { useSession } from '../../../app/auth-store';
import { downloadFile } from '../../../app/files';
import { toastFailure } from '../../../app/toast';
import { formatDay } from '../../../app/zone-time';
import { useMarkPaidOut, useRun, useVoidRun } from '../payroll.api';
import { money } from './money';
import { PayLines } from './pay-lines';

/** One run: its slips, the CSV export and each employee's pay stub. */
export function RunDetails({ id, onClose }: { id: string; onClose: () => void }) {
  const run = useRun(id);
  const data = run.data;
  const ability = useSession()?.userData.ability ?? [];
  const voidRun = useVoidRun();
  const paidOut = useMarkPaidOut();
  const [voiding, setVoiding] = useState(false);
  const [reason, setReason] = useState('');
  const locked = Boolean(data?.paidOutAt || data?.exportedAt);
  const stub = (line: PayLineAnswer) =>
    downloadFile(`/payroll/report/${id}/stub/${line.contactId}`, 'pay-stub.pdf').catch((e) =>
      toastFailure(e, 'Unable to open the pay stub'),
    );
  const csv = () =>
    data &&
    downloadFile(`/payroll/report/${id}/export.csv`, `payroll-${data.periodStart}.csv`).catch((e) =>
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
              {data.status === 'voided' && <Badge color="red">Voided</Badge>}
              {data.paidOutAt && <Badge color="green">Paid out</Badge>}
              <Text fw={700}>Total {money(data.totals.netCents)}</Text>
              {data.status === 'completed' && !data.paidOutAt && can(ability, 'update', 'payroll') && (
                <Button
                  variant="default"
                  size="compact-sm"
                  loading={paidOut.isPending}
                  onClick={() => paidOut.mutate(id)}
                >
                  Mark paid out
                </Button>
              )}
              {data.status === 'completed' && !locked && can(ability, 'delete', 'payroll') && (
                <Button variant="subtle" color="red" size="compact-sm" onClick={() => setVoiding(true)}>
                  Void run
                </Button>
              )}
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
          {data.voidReason && <Alert color="red">Voided: {data.voidReason}</Alert>}
          {voiding && (
            <Stack gap="xs">
              <Textarea
                label="Why is this run voided?"
                description="The run stays on record; its pay period opens again."
                required
                value={reason}
                onChange={(e) => setReason(e.currentTarget.value)}
                maxLength={500}
              />
              <Group gap="xs">
                <Button
                  color="red"
                  disabled={reason.trim().length < 3}
                  loading={voidRun.isPending}
                  onClick={() => voidRun.mutate({ id, reason }, { onSuccess: () => setVoiding(false) })}
                >
                  Void run
                </Button>
                <Button variant="default" onClick={() => setVoiding(false)}>
                  Cancel
                </Button>
              </Group>
            </Stack>
          )}
          <PayLines lines={data.lines} onStub={stub} />
        </Stack>
      )}
    </Modal>
  );
}
