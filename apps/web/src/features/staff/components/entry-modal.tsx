import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import type { WorkHistoryAnswer } from '@opsuite/shared/contracts/staff-time';
import { type FormEvent, useState } from 'react';
import { useOrganizationTimeZone, zonedParts } from '../../../app/zone-time';
import { useManualWork, useUpdateTime } from '../staff.api';

export interface EntryDraft {
  entry?: WorkHistoryAnswer;
  contactId?: string;
  day?: string;
}

/**
 * A manual entry or an edit of one, typed on the organisation's clock (the server reads the day
 * and HH:mm in the organisation's zone, whatever zone this browser is in). A reason is required:
 * it goes into the audit trail.
 */
export function EntryModal({
  draft,
  employees,
  onClose,
}: {
  draft: EntryDraft | null;
  employees: { contactId: string; fullName: string }[];
  onClose: () => void;
}) {
  const timeZone = useOrganizationTimeZone();
  const manual = useManualWork();
  const update = useUpdateTime();
  const [form, setForm] = useState({
    contactId: '',
    startDate: '',
    startTime: '',
    endDate: '',
    endTime: '',
    reason: '',
  });
  const [key, setKey] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const draftKey = draft ? (draft.entry?.historyId ?? `new:${draft.contactId}:${draft.day}`) : null;
  if (draft && key !== draftKey) {
    setKey(draftKey);
    setError(null);
    const e = draft.entry;
    const start = e ? zonedParts(e.startTime, timeZone) : { date: draft.day ?? '', time: '09:00' };
    const end = e?.endTime
      ? zonedParts(e.endTime, timeZone)
      : { date: draft.day ?? start.date, time: '17:00' };
    setForm({
      contactId: e?.contactId ?? draft.contactId ?? '',
      startDate: start.date,
      startTime: start.time,
      endDate: end.date,
      endTime: end.time,
      reason: '',
    });
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.contactId) return setError('Choose an employee');
    if (!form.startDate || !form.startTime || !form.endDate || !form.endTime)
      return setError('Fill in both times');
    if (!form.reason.trim()) return setError('Say why (kept in the audit trail)');
    const { contactId, ...times } = form;
    const body = { ...times, reason: form.reason.trim() };
    if (draft?.entry) update.mutate({ historyId: draft.entry.historyId, ...body }, { onSuccess: onClose });
    else manual.mutate({ contactId, ...body }, { onSuccess: onClose });
  };
  const set = (k: keyof typeof form) => (e: { currentTarget: { value: string } }) =>
    setForm({ ...form, [k]: e.currentTarget.value });
  return (
    <Modal
      opened={draft !== null}
      onClose={onClose}
      title={draft?.entry ? 'Edit time' : 'Add time'}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Select
            label="Employee"
            data={employees.map((e) => ({ value: e.contactId, label: e.fullName }))}
            value={form.contactId || null}
            onChange={(v) => setForm({ ...form, contactId: v ?? '' })}
            disabled={!!draft?.entry}
            searchable
          />
          <Group grow>
            <TextInput type="date" label="Start day" value={form.startDate} onChange={set('startDate')} />
            <TextInput type="time" label="Start" value={form.startTime} onChange={set('startTime')} />
          </Group>
          <Group grow>
            <TextInput type="date" label="End day" value={form.endDate} onChange={set('endDate')} />
            <TextInput type="time" label="End" value={form.endTime} onChange={set('endTime')} />
          </Group>
          <TextInput
            label="Reason"
            value={form.reason}
            onChange={set('reason')}
            maxLength={500}
            error={error}
          />
          <Text size="xs" c="dimmed">
            Times are on the organisation's clock ({timeZone}).
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={manual.isPending || update.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
