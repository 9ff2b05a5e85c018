import { ActionIcon, Button, Group, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { ContactPicker, type PickerContact } from '../../contacts';
import { pickerWithWages, useRunOffCycle } from '../payroll.api';
import { money } from './money';

interface Line {
  contact: PickerContact;
  amount: number | string;
}

const toCents = (v: number | string) => Math.round(Number(v) * 100);

/** An off-cycle run (bonus, correction): employees with a wage type and an amount each. */
export function OffCycleForm({ onClose }: { onClose: () => void }) {
  const run = useRunOffCycle();
  const [key] = useState(() => crypto.randomUUID());
  const [note, setNote] = useState('');
  const [lines, setLines] = useState<Line[]>([]);
  const [error, setError] = useState<string | null>(null);

  const add = (contact: PickerContact | null) => {
    if (contact && !lines.some((l) => l.contact._id === contact._id))
      setLines([...lines, { contact, amount: '' }]);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!note.trim()) return setError('Say what the run is for');
    if (lines.length === 0 || lines.some((l) => !(toCents(l.amount) > 0)))
      return setError('Give each employee an amount');
    setError(null);
    run.mutate(
      {
        idempotencyKey: key,
        note: note.trim(),
        lines: lines.map((l) => ({ contactId: l.contact._id, amountCents: toCents(l.amount) })),
      },
      { onSuccess: onClose },
    );
  };
  const total = lines.reduce((n, l) => n + (toCents(l.amount) || 0), 0);

  return (
    <Modal opened onClose={onClose} title="Off-cycle run" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="What for"
            placeholder="Bonus, correction..."
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            maxLength={200}
          />
          <ContactPicker
            label="Add employee"
            value={null}
            onChange={add}
            requireWageType
            loadOptions={pickerWithWages}
            optionsKey="payroll-wages"
            loadAllOnOpen
            excludeIds={lines.map((l) => l.contact._id)}
          />
          {lines.map((l, i) => (
            <Group key={l.contact._id} wrap="nowrap" align="flex-end">
              <NumberInput
                label={l.contact.fullName}
                prefix="$"
                decimalScale={2}
                min={0}
                value={l.amount}
                onChange={(v) => setLines(lines.map((x, j) => (j === i ? { ...x, amount: v } : x)))}
                style={{ flex: 1 }}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove ${l.contact.fullName}`}
                onClick={() => setLines(lines.filter((_, j) => j !== i))}
                mb={4}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          {error && (
            <Text c="red" size="sm">
              {error}
            </Text>
          )}
          <Group justify="space-between">
            <Text fw={600}>Total {money(total)}</Text>
            <Group>
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={run.isPending}>
                Run off-cycle
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
