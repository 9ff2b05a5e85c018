import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import type { BillingSettingsBody } from '@opsuite/shared';
import { billingSettingsBody } from '@opsuite/shared/contracts/billing-payments';
import { type FormEvent, useState } from 'react';
import { toast, toastFailure } from '../../../app/toast';
import { type FieldErrors, validate } from '../../../app/validate';
import { useBillingSettings } from './overview.api';

// The organisation's billing settings: the days a failed charge is tried again on (1, 3 and 7 days
// after the first failure unless changed) and the card processing fee passed to the payer.

const daysText = (days: number[]) => days.join(', ');
const readDays = (text: string) =>
  text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map(Number);

export function BillingSettingsCard({ canUpdate }: { canUpdate: boolean }) {
  const { settings } = useBillingSettings();
  if (!settings.data) return <Skeleton h={260} radius="md" />;
  return <SettingsForm key={JSON.stringify(settings.data)} initial={settings.data} canUpdate={canUpdate} />;
}

function SettingsForm({ initial, canUpdate }: { initial: BillingSettingsBody; canUpdate: boolean }) {
  const { save } = useBillingSettings();
  const [days, setDays] = useState(daysText(initial.retryDays));
  const [enabled, setEnabled] = useState(initial.processingFeeEnabled);
  const [percent, setPercent] = useState<number | string>(initial.processingFeePercent);
  const [title, setTitle] = useState(initial.processingFeeTitle);
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(billingSettingsBody, {
      retryDays: readDays(days),
      processingFeeEnabled: enabled,
      processingFeePercent: Number(percent),
      processingFeeTitle: title,
    });
    setErrors(checked.errors);
    if (!checked.ok) return;
    save.mutate(checked.data, {
      onSuccess: (answer) => toast.success(answer.message),
      onError: (e) => toastFailure(e),
    });
  };
  return (
    <Paper withBorder radius="md" p="md">
      <form onSubmit={submit} noValidate aria-label="Billing settings">
        <Stack gap="sm">
          <Text fw={600}>Billing settings</Text>
          <TextInput
            label="Retry failed charges after (days)"
            description="Counted from the first failure; a hard decline (a lost or closed card) is not retried"
            placeholder="1, 3, 7"
            value={days}
            onChange={(e) => setDays(e.currentTarget.value)}
            error={errors.retryDays}
            disabled={!canUpdate}
          />
          <Switch
            label="Pass the card processing fee to the payer"
            checked={enabled}
            onChange={(e) => setEnabled(e.currentTarget.checked)}
            disabled={!canUpdate}
          />
          <Group grow align="flex-start">
            <NumberInput
              label="Fee"
              suffix=" %"
              min={0}
              max={10}
              decimalScale={2}
              step={0.1}
              value={percent}
              onChange={setPercent}
              error={errors.processingFeePercent}
              disabled={!canUpdate || !enabled}
            />
            <TextInput
              label="Shown to the payer as"
              value={title}
              onChange={(e) => setTitle(e.currentTarget.value)}
              error={errors.processingFeeTitle}
              disabled={!canUpdate || !enabled}
            />
          </Group>
          {enabled && Number(percent) > 0 && (
            <Alert color="blue" variant="light">
              A $100.00 card payment is charged ${(100 + Number(percent)).toFixed(2)}: the fee is added to
              card charges, never to cash.
            </Alert>
          )}
          {canUpdate && (
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending}>
                Save settings
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </Paper>
  );
}
