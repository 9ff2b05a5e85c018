import { Alert, Button, Checkbox, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { api } from '../../../app/api-client';
import { failureText } from '../../../app/toast';

// The card form when Stripe is the provider: Stripe's own card element (Stripe.js, loaded only
// then) takes the number in a frame of Stripe's, confirms a SetupIntent our server made for the
// contact, and we save the payment method it answers: the number never reaches our server.

interface Props {
  contactId: string;
  publishableKey: string;
  saving: boolean;
  /** Saves the collected card (its payment method id) as the contact's card. */
  onCollected: (token: string, makeDefault: boolean) => void;
  onCancel: () => void;
}

export function StripeCardForm({ contactId, publishableKey, saving, onCollected, onCancel }: Props) {
  const mount = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<Stripe | null>(null);
  const [card, setCard] = useState<StripeCardElement | null>(null);
  const [name, setName] = useState('');
  const [makeDefault, setMakeDefault] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let element: StripeCardElement | null = null;
    let gone = false;
    void import('@stripe/stripe-js')
      .then(({ loadStripe }) => loadStripe(publishableKey))
      .then((loaded) => {
        if (gone || !loaded || !mount.current) return;
        element = loaded.elements().create('card', { hidePostalCode: true });
        element.mount(mount.current);
        setStripe(loaded);
        setCard(element);
      })
      .catch(() => setError('The card form could not be loaded. Please try again.'));
    return () => {
      gone = true;
      element?.destroy();
    };
  }, [publishableKey]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !card) return;
    setBusy(true);
    setError(null);
    try {
      const { clientSecret } = await api.post<{ clientSecret: string }>(`/payment/cards/${contactId}/setup`);
      const result = await stripe.confirmCardSetup(clientSecret, {
        payment_method: { card, billing_details: name.trim() ? { name: name.trim() } : undefined },
      });
      if (result.error) throw new Error(result.error.message ?? 'Your card was declined.');
      const method = result.setupIntent.payment_method;
      onCollected(typeof method === 'string' ? method : (method?.id ?? ''), makeDefault);
    } catch (e) {
      setError(failureText(e, e instanceof Error ? e.message : 'Your card could not be saved.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Add card">
      <Stack gap="sm">
        <div>
          <Text size="sm" fw={500} mb={4}>
            Card
          </Text>
          <Paper withBorder radius="sm" p="sm">
            {!card && <Loader size="xs" aria-label="Loading the card form" />}
            <div ref={mount} />
          </Paper>
          <Text size="xs" c="dimmed" mt={4}>
            Card details go straight to Stripe.
          </Text>
        </div>
        <TextInput
          label="Name on card"
          maxLength={100}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <Checkbox
          label="Make this the default card"
          checked={makeDefault}
          onChange={(event) => setMakeDefault(event.currentTarget.checked)}
        />
        {error && <Alert color="red">{error}</Alert>}
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={busy || saving} disabled={!card}>
            Add card
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
