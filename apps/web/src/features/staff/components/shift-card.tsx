import { useDraggable } from '@dnd-kit/core';
import { Badge, Box, Group, Text } from '@mantine/core';
import type { EmployeeShiftAnswer } from '@opsuite/shared/contracts/staff-schedule';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type PointerEvent, useRef, useState } from 'react';
import { useOrganizationTimeZone } from '../../../app/zone-time';
import { spanOf } from '../staff-format';
import classes from './schedule-grid.module.css';

const STEP_MINUTES = 15;
const PX_PER_STEP = 8;

const STATE_LABEL = { draft: 'Draft', published: null, changed: 'Changed' } as const;

/**
 * One shift on the grid: drag it to another day or employee (dnd-kit), drag its right edge to
 * make it longer or shorter (15 minutes per step), click it to edit.
 */
export function ShiftCard({
  shift,
  onOpen,
  onResize,
}: {
  shift: EmployeeShiftAnswer;
  onOpen: () => void;
  onResize: (endDate: string) => void;
}) {
  const timeZone = useOrganizationTimeZone();
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: `shift:${shift._id}`,
  });
  const [extra, setExtra] = useState(0);
  // A resize ends with a click on the card: that click must not open the editor.
  const resized = useRef(false);
  const end = new Date(Date.parse(shift.endDate) + extra * 60_000).toISOString();
  const startResize = (event: PointerEvent<HTMLDivElement>) => {
    event.stopPropagation();
    event.preventDefault();
    const x0 = event.clientX;
    const min = -(Date.parse(shift.endDate) - Date.parse(shift.startDate)) / 60_000 + STEP_MINUTES;
    let minutes = 0;
    const move = (e: globalThis.PointerEvent) => {
      minutes = Math.max(min, Math.round((e.clientX - x0) / PX_PER_STEP) * STEP_MINUTES);
      setExtra(minutes);
    };
    const up = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      setExtra(0);
      resized.current = minutes !== 0;
      if (minutes !== 0) onResize(new Date(Date.parse(shift.endDate) + minutes * 60_000).toISOString());
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  };
  const state = STATE_LABEL[shift.state];
  return (
    <Box
      ref={setNodeRef}
      className={classes.shift}
      data-state={shift.state}
      data-over-time-off={shift.overTimeOff || undefined}
      data-testid="grid-shift"
      style={{
        transform: transform ? `translate(${transform.x}px, ${transform.y}px)` : undefined,
        opacity: isDragging ? 0.6 : 1,
      }}
      {...listeners}
      {...attributes}
      onClick={() => {
        if (resized.current) resized.current = false;
        else onOpen();
      }}
      aria-label={`${shift.shiftName} ${spanOf(shift.startDate, end, timeZone)}`}
    >
      <Text size="xs" fw={700} truncate>
        {shift.shiftName}
      </Text>
      <Text size="xs">{spanOf(shift.startDate, end, timeZone)}</Text>
      <Group gap={4}>
        {state && (
          <Badge size="xs" variant="light" color={shift.state === 'draft' ? 'gray' : 'yellow'}>
            {state}
          </Badge>
        )}
        {shift.overTimeOff && (
          <Badge size="xs" color="red" leftSection={<IconAlertTriangle size={10} />}>
            Time off
          </Badge>
        )}
        {shift.onOffer && (
          <Badge size="xs" color="grape">
            Offered
          </Badge>
        )}
      </Group>
      <div className={classes.resize} onPointerDown={startResize} aria-hidden data-testid="resize-handle" />
    </Box>
  );
}
