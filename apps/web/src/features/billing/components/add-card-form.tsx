import { Alert, Button, Checkbox, Group, List, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { AddCardBody } from '@opsuite/shared';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../app/api-client';

// The one new-card form: staff use it in a contact's payment cards view, members in the portal.
// The number and security code go to the server, which hands them to the card provider and keeps
// only its token, brand, last four and expiry.

export interface CardFormValues {
  number: string;
  expiry: string;
  cvc: string;
  holderName: string;
  makeDefault: boolean;
}
type CardField = 'number' | 'expiry' | 'cvc' | 'holderName';
export type CardFormErrors = Partial<Record<CardField, string>>;

/** The sandbox provider's test cards (Stripe's own test numbers, answered the way Stripe does). */
export const SANDBOX_TEST_CARDS: [number: string, outcome: string][] = [
  ['4242 4242 4242 4242', 'accepted and charged (so is any other number with a valid check digit)'],
  ['4000 0000 0000 0002', 'declined'],
  ['4000 0000 0000 9995', 'insufficient funds'],
  ['4000 0000 0000 0069', 'expired card'],
  ['4000 0000 0000 0127', 'wrong security code'],
  ['4000 0000 0000 0119', 'processing error'],
  ['4000 0000 0000 0341', 'saved, then every charge is declined (to see dunning)'],
  ['4000 0025 0000 3155', 'saved; automatic charges ask for authentication'],
];

/** Digits in groups of four, as printed on most cards. */
export function formatCardNumber(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 19);
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** "1230", "12/30" or "12 / 2030" as MM/YY (or MM/YYYY when four year digits are typed). */
export function formatExpiry(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 6);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** Month 1-12 and a two- or four-digit year (26 is 2026), or null when it cannot be read. */
export function parseExpiry(text: string): { expMonth: number; expYear: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return null;
  const expMonth = Number(match[1]);
  const year = Number(match[2]);
  if (expMonth < 1 || expMonth > 12) return null;
  return { expMonth, expYear: year < 100 ? 2000 + year : year };
}

export function validateCard(values: CardFormValues, now = new Date()): CardFormErrors {
  const errors: CardFormErrors = {};
  const digits = values.number.replace(/\D/g, '');
  if (!digits) errors.number = 'Card number is required';
  else if (digits.length < 12 || digits.length > 19) errors.number = 'Your card number is incorrect.';
  const expiry = parseExpiry(values.expiry);
  if (!values.expiry.trim()) errors.expiry = 'Expiry is required';
  else if (!expiry) errors.expiry = 'Enter the expiry as MM/YY';
  else if (
    expiry.expYear < now.getFullYear() ||
    (expiry.expYear === now.getFullYear() && expiry.expMonth < now.getMonth() + 1)
  ) {
    errors.expiry = 'Your card has expired.';
  }
  if (values.cvc && !/^\d{3,4}$/.test(values.cvc)) errors.cvc = 'Your card’s security code is invalid.';
  return errors;
}

export function toCardBody(values: CardFormValues): AddCardBody {
  const expiry = parseExpiry(values.expiry);
  return {
    number: values.number.replace(/\D/g, ''),
    expMonth: expiry?.expMonth,
    expYear: expiry?.expYear,
    cvc: values.cvc || undefined,
    holderName: values.holderName.trim() || undefined,
    makeDefault: values.makeDefault || undefined,
  };
}

/** The fields the server named in a 400 answer (its `expMonth` and `expYear` are the expiry). */
export function cardFieldErrors(error: unknown): CardFormErrors {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return {};
  const errors: CardFormErrors = {};
  for (const item of error.details as { field?: unknown; message?: unknown }[]) {
    if (typeof item?.field !== 'string' || typeof item.message !== 'string') continue;
    const key = item.field === 'expMonth' || item.field === 'expYear' ? 'expiry' : item.field;
    if (key === 'number' || key === 'expiry' || key === 'cvc' || key === 'holderName') {
      errors[key] ??= item.message;
    }
  }
  return errors;
}

interface AddCardFormProps {
  saving: boolean;
  /** The sandbox's test cards, listed outside production only. */
  showTestCards: boolean;
  /** Sends the card; `fail` receives the field errors the server named. */
  onSubmit: (body: AddCardBody, fail: (errors: CardFormErrors) => void) => void;
  /** Without it the form has no Cancel button (a dialog closes itself). */
  onCancel?: () => void;
  /** The form's accessible name. */
  label?: string;
  submitLabel?: string;
  makeDefaultLabel?: string;
  /** Whether "default card" starts ticked (a member's first card usually should be). */
  makeDefault?: boolean;
  /** An error that belongs to no field (a decline, say), shown above the buttons. */
  failure?: string | null;
  size?: 'sm' | 'md';
}

export function AddCardForm({
  saving,
  showTestCards,
  onSubmit,
  onCancel,
  label = 'Add card',
  submitLabel = 'Add card',
  makeDefaultLabel = 'Make this the default card',
  makeDefault = false,
  failure,
  size = 'sm',
}: AddCardFormProps) {
  const [values, setValues] = useState<CardFormValues>(() => ({
    number: '',
    expiry: '',
    cvc: '',
    holderName: '',
    makeDefault,
  }));
  const [errors, setErrors] = useState<CardFormErrors>({});
  const set = <K extends keyof CardFormValues>(key: K, value: CardFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    if (key !== 'makeDefault') setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateCard(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    onSubmit(toCardBody(values), setErrors);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      <Stack gap="sm">
        <TextInput
          label="Card number"
          placeholder="4242 4242 4242 4242"
          inputMode="numeric"
          autoComplete="cc-number"
          required
          size={size}
          value={values.number}
          error={errors.number}
          onChange={(event) => set('number', formatCardNumber(event.currentTarget.value))}
          data-autofocus
        />
        <SimpleGrid cols={2} spacing="sm">
          <TextInput
            label="Expiry"
            placeholder="MM/YY"
            inputMode="numeric"
            autoComplete="cc-exp"
            required
            size={size}
            value={values.expiry}
            error={errors.expiry}
            onChange={(event) => set('expiry', formatExpiry(event.currentTarget.value))}
          />
          <TextInput
            label="Security code"
            placeholder="CVC"
            inputMode="numeric"
            autoComplete="cc-csc"
            maxLength={4}
            size={size}
            value={values.cvc}
            error={errors.cvc}
            onChange={(event) => set('cvc', event.currentTarget.value.replace(/\D/g, ''))}
          />
        </SimpleGrid>
        <TextInput
          label="Name on card"
          autoComplete="cc-name"
          maxLength={100}
          size={size}
          value={values.holderName}
          error={errors.holderName}
          onChange={(event) => set('holderName', event.currentTarget.value)}
        />
        <Checkbox
          label={makeDefaultLabel}
          checked={values.makeDefault}
          onChange={(event) => set('makeDefault', event.currentTarget.checked)}
        />
        {showTestCards && <TestCards />}
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" mt="xs">
          {onCancel && (
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={saving} size={size}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function TestCards() {
  return (
    <Stack gap={4} data-testid="sandbox-test-cards">
      <Text size="xs" c="dimmed">
        Testing? With the built-in sandbox provider (and a provider’s test mode) use any future expiry and any
        3-digit security code:
      </Text>
      <List size="xs" c="dimmed" spacing={0}>
        {SANDBOX_TEST_CARDS.map(([number, outcome]) => (
          <List.Item key={number}>
            <Text span size="xs" ff="monospace">
              {number}
            </Text>{' '}
            {outcome}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
