import { Alert, Button, Card, SimpleGrid, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { PAYROLL_TEXT, type PayrollReportQuery } from '@opsuite/shared';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../app/api-client';
import { toast } from '../../../app/toast';
import { formatDay } from '../../../app/zone-time';
import { useReport } from '../payroll.api';
import { money } from './money';
import { PayLines } from './pay-lines';

const FIELDS: Array<[keyof PayrollReportQuery, string]> = [
  ['startDate', 'Periods from'],
  ['endDate', 'Periods to'],
  ['paidFrom', 'Run from'],
  ['paidTo', 'Run to'],
];

const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v));

/** The report by date range: all four dates are needed, each a real date. */
export function ReportPanel() {
  const [form, setForm] = useState<Record<keyof PayrollReportQuery, string>>({
    startDate: '',
    endDate: '',
    paidFrom: '',
    paidTo: '',
  });
  const [query, setQuery] = useState<PayrollReportQuery | null>(null);
  const report = useReport(query);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!FIELDS.every(([k]) => isDay(form[k]))) {
      toast.error(PAYROLL_TEXT.datesRequired);
      return;
    }
    setQuery({ ...form });
  };
  return (
    <Stack gap="md">
      <Card withBorder padding="md">
        <form onSubmit={submit} noValidate>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            {FIELDS.map(([k, label]) => (
              <TextInput
                key={k}
                type="date"
                label={label}
                value={form[k]}
                onChange={(e) => setForm({ ...form, [k]: e.currentTarget.value })}
              />
            ))}
          </SimpleGrid>
          <Button type="submit" mt="md">
            Show report
          </Button>
        </form>
      </Card>
      {query && report.isPending && <Skeleton h={120} />}
      {report.isError && <Alert color="red">{errorMessage(report.error)}</Alert>}
      {report.data && (
        <Card withBorder padding="md">
          <Stack>
            <Text fw={700} data-testid="report-total">
              {report.data.runs.length} run(s) · Total {money(report.data.totals.netCents)}
            </Text>
            {report.data.runs.map((r) => (
              <Stack key={r._id} gap={4}>
                <Text fw={600} size="sm">
                  {r.type === 'offcycle' ? 'Off-cycle' : 'Regular'}: {formatDay(r.periodStart)} to{' '}
                  {formatDay(r.periodEnd)} · {money(r.totals.netCents)}
                </Text>
                <PayLines lines={r.lines} />
              </Stack>
            ))}
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
