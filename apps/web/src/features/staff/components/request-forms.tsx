import { Alert, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { plural } from '@opsuite/shared';
import type { MyShift } from '@opsuite/shared/contracts/staff-schedule';
import { type FormEvent, useState } from 'react';
import { useOrganizationTimeZone, zonedIso, zonedParts } from '../../../app/zone-time';
import { useAskReschedule, useAskTimeOff } from '../staff.api';

/** Time off for whole organisation days, with a reason. */
export function TimeOffModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const ask = useAskTimeOff();
  const [startDate, setStart] = useState('');
  const [endDate, setEnd] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Sent over published shifts: the form stays open to say so before it closes.
  const [covered, setCovered] = useState(0);
  const close = () => {
    setCovered(0);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (covered > 0) return close();
    if (!startDate || !endDate) return setError('Choose the first and last day');
    if (endDate < startDate) return setError('The last day must not be before the first');
    ask.mutate(
      { startDate, endDate, reason },
      {
        onSuccess: (answer) => {
          const shifts = answer.data?.overlappingShifts ?? 0;
          if (shifts > 0) setCovered(shifts);
          else close();
        },
      },
    );
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Request time off"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {covered > 0 && (
            <Alert color="orange" data-testid="time-off-warning">
              Request sent. You have {plural(covered, 'published shift')} in these days: they stay yours until
              a manager approves the time off and moves them to the shift pool or unassigns them.
            </Alert>
          )}
          <TextInput
            type="date"
            label="First day"
            value={startDate}
            onChange={(e) => setStart(e.currentTarget.value)}
          />
          <TextInput
            type="date"
            label="Last day"
            value={endDate}
            onChange={(e) => setEnd(e.currentTarget.value)}
            error={error}
          />
          <TextInput
            label="Reason"
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={500}
          />
          <Group justify="flex-end">
            {covered === 0 && (
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
            )}
            <Button type="submit" loading={ask.isPending}>
              {covered > 0 ? 'Close' : 'Send request'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** New times for one of my published shifts, on the organisation's clock. */
export function RescheduleModal({ shift, onClose }: { shift: MyShift | null; onClose: () => void }) {
  const timeZone = useOrganizationTimeZone();
  const ask = useAskReschedule();
  const [form, setForm] = useState({ date: '', from: '', to: '', reason: '' });
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (shift && openedFor !== shift._id) {
    const start = zonedParts(shift.startDate, timeZone);
    setOpenedFor(shift._id);
    setForm({ date: start.date, from: start.time, to: zonedParts(shift.endDate, timeZone).time, reason: '' });
    setError(null);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!shift || !form.date || !form.from || !form.to) return setError('Choose a day and times');
    const startDate = zonedIso(form.date, form.from, timeZone);
    let endDate = zonedIso(form.date, form.to, timeZone);
    // An end at or before the start is on the next day (a night shift).
    if (endDate <= startDate) endDate = new Date(Date.parse(endDate) + 86_400_000).toISOString();
    ask.mutate({ shiftId: shift._id, startDate, endDate, reason: form.reason }, { onSuccess: onClose });
  };
  const set = (key: keyof typeof form) => (e: { currentTarget: { value: string } }) =>
    setForm({ ...form, [key]: e.currentTarget.value });
  return (
    <Modal
      opened={shift !== null}
      onClose={onClose}
      title="Ask to reschedule"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput type="date" label="Day" value={form.date} onChange={set('date')} />
          <Group grow>
            <TextInput type="time" label="From" value={form.from} onChange={set('from')} />
            <TextInput type="time" label="To" value={form.to} onChange={set('to')} error={error} />
          </Group>
          <TextInput label="Reason" value={form.reason} onChange={set('reason')} maxLength={500} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={ask.isPending}>
              Send request
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
