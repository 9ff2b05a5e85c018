import { ActionIcon, Badge, Button, Card, Group, Menu, Stack, Text, TextInput } from '@mantine/core';
import { modals } from '@mantine/modals';
import { isoDateInZone } from '@opsuite/shared';
import type { WorkBreakAnswer, WorkHistoryAnswer } from '@opsuite/shared/contracts/staff-time';
import { IconDots, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { formatInstant, useOrganizationTimeZone } from '../../../app/zone-time';
import { useDeleteBreak, useDeleteWork, useEdits, useWorkList } from '../staff.api';
import { dayLabel, hours, spanOf, type Week } from '../staff-format';
import { ScreenshotStrip } from './screenshot-strip';

/** Asks for the reason an edit needs, then runs it. */
function askReason(title: string, confirm: string, run: (reason: string) => void) {
  let reason = '';
  modals.openConfirmModal({
    title,
    closeButtonProps: { 'aria-label': 'Close' },
    children: <TextInput label="Reason" data-autofocus onChange={(e) => (reason = e.currentTarget.value)} />,
    labels: { confirm, cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm: () => run(reason.trim()),
  });
}

/** A break on the time sheet: its kind, then its note ("Meal: Lunch", "Break"). */
export function breakLabel(b: Pick<WorkBreakAnswer, 'kind' | 'description'>): string {
  const kind = b.kind === 'meal' ? 'Meal' : 'Break';
  return b.description ? `${kind}: ${b.description}` : kind;
}

/** One side of an audited change: times on the organisation clock, breaks as their spans, text as is. */
export function changeText(field: string, value: string | null, timeZone: string): string {
  if (!value) return '—';
  if (field === 'start' || field === 'end') return formatInstant(value, timeZone);
  if (field === 'breaks')
    return value
      .split(', ')
      .map((span) => {
        const [from = '', to = ''] = span.split('–');
        return to && to !== '…' ? spanOf(from, to, timeZone) : `since ${formatInstant(from, timeZone)}`;
      })
      .join(', ');
  return value;
}

function Trail({ historyId }: { historyId: string }) {
  const timeZone = useOrganizationTimeZone();
  const edits = useEdits(historyId);
  return (
    <Stack gap={2}>
      {(edits.data?.list ?? []).map((e) => (
        <Text key={e._id} size="xs">
          {formatInstant(e.at, timeZone)} · {e.actorName ?? 'Someone'} · {e.action}
          {e.reason ? ` — ${e.reason}` : ''}
          {e.changes
            .map(
              (c) =>
                ` · ${c.field}: ${changeText(c.field, c.from, timeZone)} → ${changeText(c.field, c.to, timeZone)}`,
            )
            .join('')}
        </Text>
      ))}
      {edits.data?.list.length === 0 && (
        <Text size="xs" c="dimmed">
          Never edited.
        </Text>
      )}
    </Stack>
  );
}

function Entry({ entry, onEdit }: { entry: WorkHistoryAnswer; onEdit: (e: WorkHistoryAnswer) => void }) {
  const timeZone = useOrganizationTimeZone();
  const deleteWork = useDeleteWork();
  const deleteBreak = useDeleteBreak();
  const [show, setShow] = useState<'shots' | 'trail' | null>(null);
  return (
    <Card withBorder padding="xs" data-testid="work-entry">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            {dayLabel(isoDateInZone(Date.parse(entry.startTime), timeZone))} ·{' '}
            {entry.endTime
              ? spanOf(entry.startTime, entry.endTime, timeZone)
              : `since ${formatInstant(entry.startTime, timeZone)}`}{' '}
            · {hours(entry.workedMs)}
          </Text>
          <Group gap={4}>
            {!entry.endTime && <Badge color="teal">Working</Badge>}
            {entry.manual && <Badge variant="light">Manual</Badge>}
            {entry.needsConfirmation && <Badge color="orange">Ended automatically</Badge>}
            {entry.shiftName && <Badge variant="outline">{entry.shiftName}</Badge>}
            {entry.breakTimes.map((b) => (
              <Badge
                key={b._id}
                variant="light"
                color={b.kind === 'meal' ? 'grape' : 'gray'}
                data-testid="break-badge"
                rightSection={
                  <ActionIcon
                    size="xs"
                    variant="transparent"
                    aria-label="Delete break"
                    onClick={() =>
                      askReason('Delete this break?', 'Delete', (reason) =>
                        deleteBreak.mutate({
                          historyId: entry.historyId,
                          breakId: b._id,
                          reason: reason || undefined,
                        }),
                      )
                    }
                  >
                    <IconX size={10} />
                  </ActionIcon>
                }
              >
                {breakLabel(b)} {spanOf(b.startTime, b.endTime ?? b.startTime, timeZone)}
              </Badge>
            ))}
          </Group>
        </Stack>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon variant="subtle" aria-label="Entry actions">
              <IconDots size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item onClick={() => onEdit(entry)}>Edit time</Menu.Item>
            <Menu.Item onClick={() => setShow(show === 'shots' ? null : 'shots')}>Screenshots</Menu.Item>
            <Menu.Item onClick={() => setShow(show === 'trail' ? null : 'trail')}>History</Menu.Item>
            <Menu.Item
              color="red"
              onClick={() =>
                askReason('Delete this entry?', 'Delete', (reason) =>
                  deleteWork.mutate({ id: entry.historyId, reason }),
                )
              }
            >
              Delete
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      {show === 'shots' && <ScreenshotStrip historyId={entry.historyId} canDelete />}
      {show === 'trail' && <Trail historyId={entry.historyId} />}
    </Card>
  );
}

/** One employee's entries of a week, with the manager's edits. */
export function EntryList({
  contactId,
  week,
  onEdit,
  onAdd,
}: {
  contactId: string;
  week: Week;
  onEdit: (e: WorkHistoryAnswer) => void;
  onAdd: () => void;
}) {
  const list = useWorkList({
    contactId,
    startDate: week.startOfWeek,
    endDate: week.endOfWeek,
    pageSize: 200,
  });
  return (
    <Stack gap="xs" p="xs">
      {(list.data?.list ?? []).map((e) => (
        <Entry key={e.historyId} entry={e} onEdit={onEdit} />
      ))}
      {list.data?.list.length === 0 && (
        <Text size="sm" c="dimmed">
          No time this week.
        </Text>
      )}
      <Button size="xs" variant="light" onClick={onAdd} w="fit-content">
        Add time
      </Button>
    </Stack>
  );
}
