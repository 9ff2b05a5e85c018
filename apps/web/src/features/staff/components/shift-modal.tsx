import {
  Alert,
  Button,
  Group,
  Modal,
  MultiSelect,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { addDaysToIsoDate } from '@opsuite/shared';
import type { EmployeeShiftAnswer, ScheduleRow } from '@opsuite/shared/contracts/staff-schedule';
import { type FormEvent, useState } from 'react';
import { useOrganizationTimeZone, zonedIso, zonedParts } from '../../../app/zone-time';
import { confirmAction } from '../../../components/confirm';
import { useCreateShift, useDeleteShift, usePositions, useUpdateShift } from '../staff.api';
import { dayLabel } from '../staff-format';

export interface ShiftDraft {
  shift?: EmployeeShiftAnswer;
  contactId: string;
  days: string[];
}

/** From and to on the organisation's clock; an end at or before the start is the next day. */
export function spanFor(day: string, from: string, to: string, timeZone: string) {
  const startDate = zonedIso(day, from, timeZone);
  const endDate = zonedIso(to <= from ? addDaysToIsoDate(day, 1) : day, to, timeZone);
  return { startDate, endDate };
}

/** Creates a shift on each chosen day, or edits (or deletes) one. */
export function ShiftModal({
  draft,
  rows,
  onClose,
}: {
  draft: ShiftDraft | null;
  rows: ScheduleRow[];
  onClose: () => void;
}) {
  const timeZone = useOrganizationTimeZone();
  const create = useCreateShift();
  const update = useUpdateShift();
  const remove = useDeleteShift();
  const positions = usePositions();
  const [form, setForm] = useState({
    contactId: '',
    shiftName: '',
    from: '09:00',
    to: '17:00',
    positionIds: [] as string[],
    note: '',
  });
  const [key, setKey] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // What the server refused (a conflicting shift): shown in the form, which stays open with what
  // was typed; days already saved are not sent again.
  const [refusal, setRefusal] = useState<string | null>(null);
  const [savedDays, setSavedDays] = useState<string[]>([]);
  const draftKey = draft ? `${draft.shift?._id ?? 'new'}:${draft.contactId}:${draft.days.join(',')}` : null;
  if (draft && key !== draftKey) {
    setKey(draftKey);
    setError(null);
    setRefusal(null);
    setSavedDays([]);
    const s = draft.shift;
    setForm(
      s
        ? {
            contactId: s.contactId,
            shiftName: s.shiftName,
            from: zonedParts(s.startDate, timeZone).time,
            to: zonedParts(s.endDate, timeZone).time,
            positionIds: s.positionIds,
            note: s.note ?? '',
          }
        : {
            contactId: draft.contactId,
            shiftName: 'Shift',
            from: '09:00',
            to: '17:00',
            positionIds: [],
            note: '',
          },
    );
  }
  const busy = create.isPending || update.isPending;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    if (!form.shiftName.trim()) return setError('Shift name is required');
    const body = {
      contactId: form.contactId,
      shiftName: form.shiftName.trim(),
      positionIds: form.positionIds,
      note: form.note.trim() || null,
    };
    setRefusal(null);
    const refused = (err: unknown) => (err instanceof Error ? err.message : String(err));
    if (draft.shift) {
      const day = zonedParts(draft.shift.startDate, timeZone).date;
      update.mutate(
        { id: draft.shift._id, ...body, ...spanFor(day, form.from, form.to, timeZone) },
        { onSuccess: onClose, onError: (err) => setRefusal(refused(err)) },
      );
      return;
    }
    const saved = [...savedDays];
    const problems: string[] = [];
    for (const day of draft.days.filter((d) => !saved.includes(d))) {
      try {
        await create.mutateAsync({ ...body, ...spanFor(day, form.from, form.to, timeZone) });
        saved.push(day);
      } catch (err) {
        problems.push(draft.days.length > 1 ? `${dayLabel(day)}: ${refused(err)}` : refused(err));
      }
    }
    setSavedDays(saved);
    if (problems.length > 0) setRefusal(problems.join('\n'));
    else onClose();
  };
  const onDelete = () =>
    confirmAction({
      title: 'Delete shift?',
      message: 'A published shift stays visible to the employee until you publish again.',
      confirm: 'Delete',
      onConfirm: () => draft?.shift && remove.mutate(draft.shift._id, { onSuccess: onClose }),
    });
  const set = (k: 'shiftName' | 'from' | 'to' | 'note') => (e: { currentTarget: { value: string } }) =>
    setForm({ ...form, [k]: e.currentTarget.value });
  return (
    <Modal
      opened={draft !== null}
      onClose={onClose}
      title={draft?.shift ? 'Edit shift' : 'New shift'}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {refusal && (
            <Alert color="red" data-testid="shift-refusal" style={{ whiteSpace: 'pre-line' }}>
              {refusal}
            </Alert>
          )}
          <Select
            label="Employee"
            data={rows.map((r) => ({ value: r.contactId, label: r.fullName }))}
            value={form.contactId}
            onChange={(v) => v && setForm({ ...form, contactId: v })}
            searchable
            allowDeselect={false}
          />
          {draft && !draft.shift && <Text size="sm">{draft.days.map(dayLabel).join(', ')}</Text>}
          <TextInput
            label="Shift name"
            value={form.shiftName}
            onChange={set('shiftName')}
            error={error}
            maxLength={100}
          />
          <Group grow>
            <TextInput type="time" label="From" value={form.from} onChange={set('from')} />
            <TextInput type="time" label="To" value={form.to} onChange={set('to')} />
          </Group>
          <MultiSelect
            label="Positions"
            data={(positions.data?.list ?? []).map((p) => ({ value: p._id, label: p.name }))}
            value={form.positionIds}
            onChange={(positionIds) => setForm({ ...form, positionIds })}
            clearable
          />
          <Textarea
            label="Note"
            value={form.note}
            onChange={set('note')}
            maxLength={500}
            autosize
            minRows={1}
          />
          <Group justify="space-between">
            {draft?.shift ? (
              <Button color="red" variant="subtle" onClick={onDelete}>
                Delete
              </Button>
            ) : (
              <span />
            )}
            <Group>
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={busy}>
                Save
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
