import { Alert, Button, Checkbox, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ApiError, errorMessage } from '../../../app/api-client';
import { useAddCard } from '../portal.api';

// Adding a card to pay with: the number goes to our server, which hands it to the card provider
// and keeps only its token, brand, last four digits and expiry.

interface Props {
  opened: boolean;
  showTestCards: boolean;
  onClose: () => void;
}

type Field = 'number' | 'expiry' | 'cvc';
const EMPTY = { number: '', expiry: '', cvc: '', holderName: '', makeDefault: true };

const groupDigits = (text: string) =>
  text
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
const expiryText = (text: string) => {
  const digits = text.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
};

function check(values: typeof EMPTY, now = new Date()): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  const digits = values.number.replace(/\D/g, '');
  if (digits.length < 12) errors.number = 'Enter the card number';
  const m = /^(\d{2})\/(\d{2})$/.exec(values.expiry);
  const month = Number(m?.[1]);
  const year = 2000 + Number(m?.[2]);
  if (!m || month < 1 || month > 12) errors.expiry = 'Enter the expiry as MM/YY';
  else if (year < now.getFullYear() || (year === now.getFullYear() && month < now.getMonth() + 1))
    errors.expiry = 'This card has expired';
  if (!/^\d{3,4}$/.test(values.cvc)) errors.cvc = 'Enter the 3 or 4 digits on the back';
  return errors;
}

export function AddCardDialog({ opened, showTestCards, onClose }: Props) {
  const add = useAddCard();
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = (key: keyof typeof EMPTY, value: string | boolean) =>
    setValues((v) => ({ ...v, [key]: value }));
  const close = () => {
    setValues(EMPTY);
    setErrors({});
    setFailure(null);
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = check(values);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    const [mm, yy] = values.expiry.split('/');
    add.mutate(
      {
        number: values.number.replace(/\D/g, ''),
        expMonth: Number(mm),
        expYear: 2000 + Number(yy),
        cvc: values.cvc,
        holderName: values.holderName.trim() || undefined,
        makeDefault: values.makeDefault,
      },
      {
        onSuccess: close,
        onError: (e) => {
          const detail =
            e instanceof ApiError && Array.isArray(e.details) ? (e.details[0] as { field?: string }) : null;
          const field =
            detail?.field === 'expMonth' || detail?.field === 'expYear' ? 'expiry' : detail?.field;
          if (field === 'number' || field === 'expiry' || field === 'cvc')
            setErrors({ [field]: errorMessage(e) });
          else setFailure(errorMessage(e));
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title="Add a card" centered radius="lg">
      <form onSubmit={submit} noValidate aria-label="Add a card">
        <Stack gap="sm">
          <TextInput
            label="Card number"
            placeholder="1234 1234 1234 1234"
            inputMode="numeric"
            autoComplete="cc-number"
            size="md"
            value={values.number}
            error={errors.number}
            onChange={(e) => set('number', groupDigits(e.currentTarget.value))}
            data-autofocus
          />
          <SimpleGrid cols={2} spacing="sm">
            <TextInput
              label="Expiry"
              placeholder="MM/YY"
              inputMode="numeric"
              autoComplete="cc-exp"
              size="md"
              value={values.expiry}
              error={errors.expiry}
              onChange={(e) => set('expiry', expiryText(e.currentTarget.value))}
            />
            <TextInput
              label="Security code"
              placeholder="CVC"
              inputMode="numeric"
              autoComplete="cc-csc"
              size="md"
              maxLength={4}
              value={values.cvc}
              error={errors.cvc}
              onChange={(e) => set('cvc', e.currentTarget.value.replace(/\D/g, ''))}
            />
          </SimpleGrid>
          <TextInput
            label="Name on card"
            autoComplete="cc-name"
            size="md"
            maxLength={100}
            value={values.holderName}
            onChange={(e) => set('holderName', e.currentTarget.value)}
          />
          <Checkbox
            label="Pay with this card by default"
            checked={values.makeDefault}
            onChange={(e) => set('makeDefault', e.currentTarget.checked)}
          />
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          {showTestCards && (
            <Text size="xs" c="dimmed" data-testid="portal-test-cards">
              Trying it out? The test card 4242 4242 4242 4242 with any future expiry and any 3 digits is
              accepted.
            </Text>
          )}
          <Button type="submit" size="md" radius="xl" loading={add.isPending} mt="xs">
            Save card
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
