import { Button, Group, Modal, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { type SalaryAnswer, WAGE_TYPES, type WageType } from '@opsuite/shared';
import { type FormEvent, useState } from 'react';
import { usePending, useSaveSalary } from '../payroll.api';
import { WAGE_LABEL } from './money';

export interface SalaryFormProps {
  contactId: string;
  fullName: string;
  salary: SalaryAnswer | null;
  onClose: () => void;
}

const RATE_LABEL: Record<WageType, string> = {
  hourly: 'Rate per hour',
  salaried: 'Annual salary',
  per_class: 'Rate per class',
};

/** Sets an employee's wage type, rate, overtime rule and effective date. */
export function SalaryForm({ contactId, fullName, salary, onClose }: SalaryFormProps) {
  const save = useSaveSalary();
  const [wageType, setWageType] = useState<WageType>(salary?.wageType ?? 'hourly');
  const [rate, setRate] = useState<number | string>(salary ? salary.rateCents / 100 : '');
  const [threshold, setThreshold] = useState<number | string>(salary?.overtimeThresholdHours ?? 40);
  const [multiplier, setMultiplier] = useState<number | string>(salary?.overtimeMultiplier ?? 1.5);
  // A new salary starts, unless told otherwise, with the oldest period not yet paid.
  const oldestOpen = usePending(undefined).data?.periodStart ?? '';
  const [typedFrom, setEffectiveFrom] = useState<string | null>(salary?.effectiveFrom ?? null);
  const effectiveFrom = typedFrom ?? oldestOpen;
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const rateCents = Math.round(Number(rate) * 100);
    if (!(rateCents > 0)) return setError('Rate must be more than 0');
    if (!effectiveFrom) return setError('Effective from: choose the first day this pay applies to');
    setError(null);
    save.mutate(
      {
        contactId,
        wageType,
        rateCents,
        overtimeThresholdHours: Number(threshold),
        overtimeMultiplier: Number(multiplier),
        effectiveFrom,
      },
      { onSuccess: onClose },
    );
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={`Salary of ${fullName}`}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <Select
            label="Wage type"
            data={WAGE_TYPES.map((w) => ({ value: w, label: WAGE_LABEL[w]! }))}
            value={wageType}
            onChange={(v) => v && setWageType(v as WageType)}
            allowDeselect={false}
          />
          <NumberInput
            label={RATE_LABEL[wageType]}
            prefix="$"
            decimalScale={2}
            min={0}
            value={rate}
            onChange={setRate}
            error={error}
          />
          {wageType === 'hourly' && (
            <Group grow>
              <NumberInput
                label="Overtime after (hours a week)"
                min={0}
                max={168}
                value={threshold}
                onChange={setThreshold}
              />
              <NumberInput
                label="Overtime multiplier"
                min={1}
                max={5}
                step={0.25}
                decimalScale={2}
                value={multiplier}
                onChange={setMultiplier}
              />
            </Group>
          )}
          <TextInput
            type="date"
            label="Effective from"
            description="Hours from this day on are paid at this rate"
            required
            value={effectiveFrom}
            onChange={(e) => setEffectiveFrom(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
