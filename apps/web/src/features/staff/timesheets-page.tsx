import { Badge, Card, Group, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import type { WorkHistoryAnswer } from '@opsuite/shared/contracts/staff-time';
import { Fragment, useState } from 'react';
import { useOrganizationTimeZone } from '../../app/zone-time';
import { PageToolbar } from '../../components/page-toolbar';
import { EntryList } from './components/entry-list';
import { type EntryDraft, EntryModal } from './components/entry-modal';
import { Pager } from './components/pager';
import { WeekNav } from './components/week-nav';
import { useOverview, useRunning } from './staff.api';
import { currentWeek, dayLabel, hours, timeOf } from './staff-format';

function WorkingNow() {
  const timeZone = useOrganizationTimeZone();
  const running = useRunning();
  const list = running.data?.list ?? [];
  return (
    <Card withBorder padding="sm" data-testid="working-now">
      <Title order={5} mb={4}>
        Working now
      </Title>
      {list.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nobody is clocked in.
        </Text>
      ) : (
        <Group gap="xs">
          {list.map((r) => (
            <Badge key={r.historyId} color={r.onBreak ? 'orange' : 'teal'} variant="light" size="lg">
              {r.fullName} · {r.onBreak ? 'on a break' : `since ${timeOf(r.startTime, timeZone)}`}
            </Badge>
          ))}
        </Group>
      )}
    </Card>
  );
}

/** "Sun, Nov 29", broken (when the week is short of room) only between the weekday and the date. */
function DayHeading({ label }: { label: string }) {
  const [weekday, date] = label.split(', ');
  if (!date) return label;
  return (
    <>
      <span style={{ whiteSpace: 'nowrap' }}>{weekday},</span>{' '}
      <span style={{ whiteSpace: 'nowrap' }}>{date}</span>
    </>
  );
}

/** Time sheets: hours per employee per day of a week, each employee's entries and their edits. */
export function TimesheetsPage() {
  const timeZone = useOrganizationTimeZone();
  const [week, setWeek] = useState(() => currentWeek(timeZone));
  const [page, setPage] = useState(1);
  const overview = useOverview({ ...week, page });
  const [open, setOpen] = useState<string | null>(null);
  const [draft, setDraft] = useState<EntryDraft | null>(null);
  const rows = overview.data?.list ?? [];
  const days = overview.data?.days ?? [];
  const employees = rows.map((r) => ({ contactId: r.contactId, fullName: r.fullName }));
  return (
    <Stack gap="sm">
      <PageToolbar
        title="Timesheets"
        primaryAction={{ label: 'Add time', onClick: () => setDraft({ day: week.startOfWeek }) }}
      />
      <WeekNav week={week} onChange={setWeek} />
      <WorkingNow />
      <ScrollArea type="auto">
        <Table
          striped
          highlightOnHover
          withTableBorder
          miw={760}
          data-testid="timesheet"
          // Hours never break; a long name, its badges and the day headings may, so the week and
          // its Total fit beside the sidebar on a 1280 px desktop (with a 17 px scrollbar).
          styles={{ td: { whiteSpace: 'nowrap' } }}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Employee</Table.Th>
              {days.map((d) => (
                <Table.Th key={d} ta="right">
                  <DayHeading label={dayLabel(d)} />
                </Table.Th>
              ))}
              <Table.Th ta="right" data-testid="timesheet-total">
                Total
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Fragment key={r.contactId}>
                <Table.Tr
                  style={{ cursor: 'pointer' }}
                  onClick={() => setOpen(open === r.contactId ? null : r.contactId)}
                  data-testid="timesheet-row"
                >
                  <Table.Td style={{ whiteSpace: 'normal' }} miw={120}>
                    <Group gap={6} wrap="wrap">
                      <Text size="sm" fw={600}>
                        {r.fullName}
                      </Text>
                      {r.open && (
                        <Badge size="xs" color="teal">
                          In
                        </Badge>
                      )}
                      {r.needsConfirmation > 0 && (
                        <Badge size="xs" color="orange">
                          To confirm
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  {r.days.map((d) => (
                    <Table.Td key={d.day} ta="right" c={d.workedMs ? undefined : 'dimmed'}>
                      {d.workedMs ? hours(d.workedMs) : '–'}
                    </Table.Td>
                  ))}
                  <Table.Td ta="right" fw={700}>
                    {hours(r.totalMs)}
                  </Table.Td>
                </Table.Tr>
                {open === r.contactId && (
                  <Table.Tr>
                    <Table.Td colSpan={days.length + 2}>
                      <EntryList
                        contactId={r.contactId}
                        week={week}
                        onEdit={(entry: WorkHistoryAnswer) => setDraft({ entry })}
                        onAdd={() => setDraft({ contactId: r.contactId, day: week.startOfWeek })}
                      />
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
      {overview.data && <Pager page={page} hasMore={overview.data.pagination.hasMore} onChange={setPage} />}
      {rows.length === 0 && !overview.isLoading && <Text c="dimmed">Nobody is on the schedule yet.</Text>}
      <EntryModal draft={draft} employees={employees} onClose={() => setDraft(null)} />
    </Stack>
  );
}
