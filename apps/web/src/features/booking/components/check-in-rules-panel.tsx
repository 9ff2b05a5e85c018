import {
  Button,
  Group,
  NumberInput,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import {
  CHECK_IN_WINDOW_MAX_MINUTES,
  type CheckInMembershipRule,
  type CheckInRules,
  checkInRules as checkInRulesSchema,
} from '@opsuite/shared';
import { useEffect, useState } from 'react';
import { useCheckInRules, useSaveCheckInRules } from '../check-in-rules.api';

const MEMBERSHIP_OPTIONS: { value: CheckInMembershipRule; label: string }[] = [
  { value: 'off', label: 'Let in' },
  { value: 'warn', label: 'Warn' },
  { value: 'refuse', label: 'Refuse' },
];

const minutes = (value: string | number) => (typeof value === 'number' ? value : Number.NaN);

/** The organisation's check-in rules, followed by the kiosk and by staff taking attendance. */
export function CheckInRulesPanel({ canWrite }: { canWrite: boolean }) {
  const rules = useCheckInRules();
  const save = useSaveCheckInRules();
  const [form, setForm] = useState<CheckInRules | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (rules.data) setForm(rules.data);
  }, [rules.data]);

  if (!form) return <Skeleton h={240} />;
  const set = (change: Partial<CheckInRules>) => setForm({ ...form, ...change });
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = checkInRulesSchema.safeParse(form);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Check the minutes');
      return;
    }
    setError(null);
    save.mutate(parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Check-in rules">
      <Stack gap="md" maw={640}>
        <Paper withBorder p="md" radius="md">
          <Stack gap="xs">
            <Text fw={600}>Frozen or past-due membership</Text>
            <Text size="sm" c="dimmed">
              At the kiosk and when staff check a member in: let them in, let them in with a warning, or
              refuse the check-in with a message to see the front desk.
            </Text>
            <SegmentedControl
              aria-label="Frozen or past-due membership"
              data={MEMBERSHIP_OPTIONS}
              value={form.membership}
              onChange={(value) => set({ membership: value as CheckInMembershipRule })}
              disabled={!canWrite}
            />
          </Stack>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Stack gap="xs">
            <Switch
              label="Check-in window"
              description="Members can check in to a class only from a set time before it starts to a set time after it ends."
              checked={form.window}
              onChange={(event) => set({ window: event.currentTarget.checked })}
              disabled={!canWrite}
            />
            <Group grow align="flex-start">
              <NumberInput
                label="Opens before start (minutes)"
                value={form.opensMinutesBefore}
                onChange={(value) => set({ opensMinutesBefore: minutes(value) })}
                min={0}
                max={CHECK_IN_WINDOW_MAX_MINUTES}
                allowDecimal={false}
                disabled={!canWrite || !form.window}
              />
              <NumberInput
                label="Closes after end (minutes)"
                value={form.closesMinutesAfter}
                onChange={(value) => set({ closesMinutesAfter: minutes(value) })}
                min={0}
                max={CHECK_IN_WINDOW_MAX_MINUTES}
                allowDecimal={false}
                disabled={!canWrite || !form.window}
              />
            </Group>
          </Stack>
        </Paper>
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        {canWrite && (
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        )}
      </Stack>
    </form>
  );
}
