import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { EmployeeShiftAnswer } from '@opsuite/shared/contracts/staff-schedule';
import { IconArrowBackUp, IconCopy, IconSend } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { formatInstant, useOrganizationTimeZone } from '../../app/zone-time';
import { confirmAction } from '../../components/confirm';
import { PageToolbar } from '../../components/page-toolbar';
import { ActivityLog } from './components/activity-log';
import { AddEmployeesModal } from './components/add-employees-modal';
import { BudgetStrip } from './components/budget-strip';
import { Pager } from './components/pager';
import { type GridActions, ScheduleGrid } from './components/schedule-grid';
import { type ShiftDraft, ShiftModal } from './components/shift-modal';
import { WeekNav } from './components/week-nav';
import { useBudget, usePublish, useRowOrder, useSchedule, useUpdateShift } from './staff.api';
import { currentWeek } from './staff-format';

/** The admin's week: drag shifts on the grid, then publish (employees see published shifts only). */
export function SchedulePage() {
  const timeZone = useOrganizationTimeZone();
  const [week, setWeek] = useState(() => currentWeek(timeZone));
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const schedule = useSchedule({ ...week, search: search.trim() || undefined, page });
  const budget = useBudget(week);
  const publish = usePublish();
  const rowOrder = useRowOrder();
  const update = useUpdateShift();
  const [draft, setDraft] = useState<ShiftDraft | null>(null);
  const data = schedule.data;
  const rows = data?.rows ?? [];

  const actions: GridActions = useMemo(
    () => ({
      onCreate: (contactId, days) => setDraft({ contactId, days }),
      onOpen: (shift: EmployeeShiftAnswer) =>
        setDraft({ shift, contactId: shift.contactId, days: [shift.day] }),
      onMove: (shift, contactId, startDate, endDate) =>
        update.mutate({ id: shift._id, contactId, startDate, endDate }),
      onResize: (shift, endDate) => update.mutate({ id: shift._id, endDate }),
      onReorder: (contactIds) => rowOrder.mutate(contactIds),
    }),
    [update, rowOrder],
  );

  const onRevert = () =>
    confirmAction({
      title: 'Revert this week?',
      message:
        'Its published shifts go back to drafts: employees no longer see them until you publish again.',
      confirm: 'Revert',
      onConfirm: () => publish.mutate({ action: 'revert', ...week }),
    });

  return (
    <Stack gap="sm">
      <PageToolbar
        title="Schedule"
        search={{
          value: search,
          onChange: (value) => {
            setSearch(value);
            setPage(1);
          },
          placeholder: 'Search employees',
        }}
        primaryAction={{ label: 'Add employees', onClick: () => setAdding(true) }}
      />
      <Group justify="space-between" wrap="wrap" gap="xs">
        <WeekNav week={week} onChange={setWeek} />
        <Group gap="xs" wrap="wrap">
          {data && (
            <Badge color={data.status === 'published' ? 'teal' : 'gray'} size="lg" data-testid="week-status">
              {data.status === 'published' ? 'Published' : 'Draft'}
            </Badge>
          )}
          {data && data.unpublishedChanges > 0 && (
            <Badge color="yellow" size="lg" variant="light">
              {data.unpublishedChanges} unpublished
            </Badge>
          )}
          <Button
            size="xs"
            variant="default"
            leftSection={<IconCopy size={14} />}
            onClick={() => publish.mutate({ action: 'copy-last-week', ...week })}
          >
            Copy last week
          </Button>
          {data?.status === 'published' && (
            <Button
              size="xs"
              variant="default"
              color="red"
              leftSection={<IconArrowBackUp size={14} />}
              onClick={onRevert}
            >
              Revert
            </Button>
          )}
          <Button
            size="xs"
            leftSection={<IconSend size={14} />}
            loading={publish.isPending}
            disabled={!data || (data.status === 'published' && data.unpublishedChanges === 0)}
            onClick={() => publish.mutate({ action: 'publish', ...week })}
          >
            Publish
          </Button>
        </Group>
      </Group>
      {data?.publishedAt && (
        <Text size="xs" c="dimmed">
          Published {formatInstant(data.publishedAt, timeZone)}. Employees see published shifts only.
        </Text>
      )}
      <BudgetStrip week={week} budget={budget.data} />
      {data && <ScheduleGrid rows={rows} days={data.days} actions={actions} />}
      {data && <Pager page={page} hasMore={data.pagination.hasMore} onChange={setPage} />}
      {data && rows.length === 0 && (
        <Text c="dimmed">
          {search
            ? 'No employees match.'
            : 'Nobody is on the schedule yet: add employees to give them shifts.'}
        </Text>
      )}
      <Text size="xs" c="dimmed">
        Click or drag across a row's days to add shifts; drag a shift to move it, its right edge to resize it,
        and a name's handle to reorder the rows.
      </Text>
      <ActivityLog />
      <ShiftModal draft={draft} rows={rows} onClose={() => setDraft(null)} />
      <AddEmployeesModal opened={adding} onClose={() => setAdding(false)} />
    </Stack>
  );
}
