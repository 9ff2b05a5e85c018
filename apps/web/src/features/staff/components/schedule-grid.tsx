import {
  type CollisionDetection,
  closestCenter,
  DndContext,
  type DragEndEvent,
  PointerSensor,
  pointerWithin,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { arrayMove, SortableContext, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Text } from '@mantine/core';
import { daysBetween, isoDateInZone, plural } from '@opsuite/shared';
import type { EmployeeShiftAnswer, ScheduleRow } from '@opsuite/shared/contracts/staff-schedule';
import { IconGripVertical } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useOrganizationTimeZone, zonedIso, zonedParts } from '../../../app/zone-time';
import { dayLabel, hours, money } from '../staff-format';
import classes from './schedule-grid.module.css';
import { ShiftCard } from './shift-card';

interface Selection {
  contactId: string;
  from: string;
  to: string;
}

export interface GridActions {
  onCreate: (contactId: string, days: string[]) => void;
  onOpen: (shift: EmployeeShiftAnswer) => void;
  onMove: (shift: EmployeeShiftAnswer, contactId: string, startDate: string, endDate: string) => void;
  onResize: (shift: EmployeeShiftAnswer, endDate: string) => void;
  onReorder: (contactIds: string[]) => void;
}

const cellId = (contactId: string, day: string) => `cell:${contactId}:${day}`;

/** Rows sort by their handle (closest row); shifts land on the cell under the pointer. */
const collisions: CollisionDetection = (args) => {
  const isRow = String(args.active.id).startsWith('row:');
  const droppableContainers = args.droppableContainers.filter((c) =>
    String(c.id).startsWith(isRow ? 'row:' : 'cell:'),
  );
  return isRow
    ? closestCenter({ ...args, droppableContainers })
    : pointerWithin({ ...args, droppableContainers });
};

function DayCell({
  row,
  day,
  selecting,
  actions,
  onSelectStart,
  onSelectEnter,
}: {
  row: ScheduleRow;
  day: string;
  selecting: boolean;
  actions: GridActions;
  onSelectStart: () => void;
  onSelectEnter: () => void;
}) {
  const timeZone = useOrganizationTimeZone();
  const { setNodeRef, isOver } = useDroppable({ id: cellId(row.contactId, day) });
  const shifts = row.shifts.filter((s) => s.day === day);
  const off = row.timeOff.some(
    (t) =>
      isoDateInZone(Date.parse(t.startDate), timeZone) <= day &&
      isoDateInZone(Date.parse(t.endDate) - 1, timeZone) >= day,
  );
  return (
    <div
      ref={setNodeRef}
      className={classes.cell}
      data-over={isOver || undefined}
      data-selecting={selecting || undefined}
      data-time-off={off || undefined}
      data-testid={`cell-${row.contactId}-${day}`}
      onPointerDown={(e) => {
        if (e.target === e.currentTarget && e.button === 0) onSelectStart();
      }}
      onPointerEnter={onSelectEnter}
    >
      {off && (
        <Text size="xs" c="orange.8" fw={600}>
          Time off
        </Text>
      )}
      {shifts.map((s) => (
        <ShiftCard
          key={s._id}
          shift={s}
          onOpen={() => actions.onOpen(s)}
          onResize={(end) => actions.onResize(s, end)}
        />
      ))}
    </div>
  );
}

function GridRow({
  row,
  days,
  selection,
  actions,
  setSelection,
}: {
  row: ScheduleRow;
  days: string[];
  selection: Selection | null;
  actions: GridActions;
  setSelection: (s: Selection | null) => void;
}) {
  const { attributes, listeners, setNodeRef, transform, transition } = useSortable({
    id: `row:${row.contactId}`,
  });
  const inSelection = (day: string) => {
    if (selection?.contactId !== row.contactId) return false;
    // Days are YYYY-MM-DD strings: sorting them sorts the dates.
    const [first, last] = [selection.from, selection.to].sort();
    return day >= first! && day <= last!;
  };
  return (
    <div
      ref={setNodeRef}
      className={classes.row}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      data-testid="grid-row"
    >
      <div className={classes.person}>
        <button
          type="button"
          className={classes.handle}
          {...attributes}
          {...listeners}
          aria-label={`Move ${row.fullName}`}
        >
          <IconGripVertical size={16} />
        </button>
        <div>
          <Text size="sm" fw={600}>
            {row.fullName}
          </Text>
          <Text size="xs" c="dimmed">
            {hours(row.scheduledMs)}
            {row.costCents ? ` · ${money(row.costCents)}` : ''}
          </Text>
          {row.uncostedShifts > 0 && (
            <Text size="xs" c="orange" data-testid="uncosted">
              {plural(row.uncostedShifts, 'shift')} without a rate
            </Text>
          )}
        </div>
      </div>
      {days.map((day) => (
        <DayCell
          key={day}
          row={row}
          day={day}
          selecting={inSelection(day)}
          actions={actions}
          onSelectStart={() => setSelection({ contactId: row.contactId, from: day, to: day })}
          onSelectEnter={() =>
            selection?.contactId === row.contactId && setSelection({ ...selection, to: day })
          }
        />
      ))}
    </div>
  );
}

/** The week grid: a row per employee (dragged into order), a column per day, Sunday first. */
export function ScheduleGrid({
  rows,
  days,
  actions,
}: {
  rows: ScheduleRow[];
  days: string[];
  actions: GridActions;
}) {
  const timeZone = useOrganizationTimeZone();
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));
  const [order, setOrder] = useState(rows.map((r) => r.contactId));
  const [selection, setSelection] = useState<Selection | null>(null);
  useEffect(() => setOrder(rows.map((r) => r.contactId)), [rows]);

  // Drag across a row's empty cells (or click one) to create shifts on those days.
  useEffect(() => {
    if (!selection) return;
    const up = () => {
      const [from, to] =
        selection.from < selection.to ? [selection.from, selection.to] : [selection.to, selection.from];
      const picked = days.filter((d) => d >= from && d <= to);
      setSelection(null);
      actions.onCreate(selection.contactId, picked);
    };
    window.addEventListener('pointerup', up, { once: true });
    return () => window.removeEventListener('pointerup', up);
  }, [selection, days, actions]);

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    const activeId = String(active.id);
    const overId = String(over.id);
    if (activeId.startsWith('row:') && overId.startsWith('row:') && activeId !== overId) {
      const next = arrayMove(order, order.indexOf(activeId.slice(4)), order.indexOf(overId.slice(4)));
      setOrder(next);
      actions.onReorder(next);
      return;
    }
    if (activeId.startsWith('shift:') && overId.startsWith('cell:')) {
      const shift = rows.flatMap((r) => r.shifts).find((s) => s._id === activeId.slice(6));
      const [, contactId, day] = overId.split(':') as [string, string, string];
      if (!shift || (shift.contactId === contactId && shift.day === day)) return;
      // Same wall-clock time on the new day, same length.
      const startDate = zonedIso(day, zonedParts(shift.startDate, timeZone).time, timeZone);
      const length = Date.parse(shift.endDate) - Date.parse(shift.startDate);
      actions.onMove(shift, contactId, startDate, new Date(Date.parse(startDate) + length).toISOString());
    }
  };

  const byId = new Map(rows.map((r) => [r.contactId, r]));
  const ordered = order.map((id) => byId.get(id)).filter((r): r is ScheduleRow => !!r);
  const today = isoDateInZone(Date.now(), timeZone);
  return (
    <div className={classes.scroller} data-testid="schedule-scroller">
      <DndContext sensors={sensors} collisionDetection={collisions} onDragEnd={onDragEnd}>
        <div className={classes.grid} data-testid="schedule-grid">
          <div className={classes.row}>
            <div className={classes.head}>Employee</div>
            {days.map((d) => (
              <div
                key={d}
                className={classes.head}
                data-testid="grid-head"
                style={
                  daysBetween(today, d) === 0 ? { color: 'var(--mantine-primary-color-filled)' } : undefined
                }
              >
                {dayLabel(d)}
              </div>
            ))}
          </div>
          <SortableContext
            items={ordered.map((r) => `row:${r.contactId}`)}
            strategy={verticalListSortingStrategy}
          >
            {ordered.map((row) => (
              <GridRow
                key={row.contactId}
                row={row}
                days={days}
                selection={selection}
                actions={actions}
                setSelection={setSelection}
              />
            ))}
          </SortableContext>
        </div>
      </DndContext>
    </div>
  );
}
