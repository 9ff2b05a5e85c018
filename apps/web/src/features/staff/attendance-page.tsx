import { Badge, Card, Group, Menu, ScrollArea, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import type { AttendanceRow } from '@opsuite/shared/contracts/staff-schedule';
import { useState } from 'react';
import { useOrganizationTimeZone } from '../../app/zone-time';
import { PageToolbar } from '../../components/page-toolbar';
import { WeekNav } from './components/week-nav';
import { useAttendance, useRecordAttendance } from './staff.api';
import { currentWeek, dayLabel, hours, spanOf } from './staff-format';

const STATUS = {
  onTime: ['On time', 'teal'],
  late: ['Late', 'yellow'],
  absent: ['Absent', 'red'],
  excused: ['Excused', 'gray'],
  upcoming: ['Upcoming', 'blue'],
} as const;
const RECORDABLE = ['onTime', 'late', 'absent', 'excused'] as const;

function ShiftLine({ row, shift }: { row: AttendanceRow; shift: AttendanceRow['shifts'][number] }) {
  const timeZone = useOrganizationTimeZone();
  const record = useRecordAttendance();
  const [label, color] = STATUS[shift.status];
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm">
        {dayLabel(shift.day)} · {shift.shiftName} · {spanOf(shift.startDate, shift.endDate, timeZone)}
        {shift.status === 'late' ? ` · ${Math.round(shift.lateMs / 60_000)} min late` : ''}
      </Text>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <UnstyledButton aria-label={`Attendance of ${shift.shiftName} ${shift.day}`}>
            <Badge color={color} variant={shift.recorded ? 'filled' : 'light'}>
              {label}
            </Badge>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          {RECORDABLE.map((s) => (
            <Menu.Item
              key={s}
              onClick={() => record.mutate({ contactId: row.contactId, shiftId: shift.shiftId, status: s })}
            >
              Mark {STATUS[s][0].toLowerCase()}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

/** Scheduled against worked, per employee and week: on time, late, absent, overtime. */
export function AttendancePage() {
  const timeZone = useOrganizationTimeZone();
  const [week, setWeek] = useState(() => currentWeek(timeZone));
  const report = useAttendance(week);
  const [open, setOpen] = useState<string | null>(null);
  const rows = report.data?.list ?? [];
  return (
    <Stack gap="sm">
      <PageToolbar title="Attendance" />
      <WeekNav week={week} onChange={setWeek} />
      <ScrollArea type="auto">
        <Table withTableBorder highlightOnHover miw={760} data-testid="attendance">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Employee</Table.Th>
              <Table.Th ta="right">Scheduled</Table.Th>
              <Table.Th ta="right">Worked</Table.Th>
              <Table.Th ta="right">Overtime</Table.Th>
              <Table.Th ta="right">On time</Table.Th>
              <Table.Th ta="right">Late</Table.Th>
              <Table.Th ta="right">Absent</Table.Th>
              <Table.Th ta="right">Excused</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr
                key={r.contactId}
                onClick={() => setOpen(open === r.contactId ? null : r.contactId)}
                style={{ cursor: 'pointer' }}
              >
                <Table.Td fw={600}>{r.fullName}</Table.Td>
                <Table.Td ta="right">{hours(r.scheduledMs)}</Table.Td>
                <Table.Td ta="right">{hours(r.workedMs)}</Table.Td>
                <Table.Td ta="right" c={r.overtimeMs ? 'orange.8' : undefined}>
                  {hours(r.overtimeMs)}
                </Table.Td>
                <Table.Td ta="right">{r.onTime}</Table.Td>
                <Table.Td ta="right" c={r.late ? 'yellow.8' : undefined}>
                  {r.late}
                </Table.Td>
                <Table.Td ta="right" c={r.absent ? 'red' : undefined}>
                  {r.absent}
                </Table.Td>
                <Table.Td ta="right">{r.excused}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {open &&
        rows
          .filter((r) => r.contactId === open)
          .map((r) => (
            <Card key={r.contactId} withBorder padding="sm">
              <Text fw={700} mb={4}>
                {r.fullName}
              </Text>
              <Stack gap={4}>
                {r.shifts.length === 0 && (
                  <Text size="sm" c="dimmed">
                    No published shifts this week.
                  </Text>
                )}
                {r.shifts.map((s) => (
                  <ShiftLine key={s.shiftId} row={r} shift={s} />
                ))}
              </Stack>
            </Card>
          ))}
      <Text size="xs" c="dimmed">
        Against the published schedule; late means clocked in more than the organisation's grace after the
        start. Click a status to record what happened instead.
      </Text>
    </Stack>
  );
}
