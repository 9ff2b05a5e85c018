import { Button, Card, Center, Container, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { CardVisual } from '../components/card-visual';
import { usePublicBalance } from '../gift-cards.api';
import { formatCents } from '../gift-cards-format';

/** A customer types their card's code (and PIN, when it has one) and sees the balance. */
export function BalanceCheckPage() {
  const check = usePublicBalance();
  const [code, setCode] = useState('');
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError('Enter the gift card code');
      return;
    }
    setError(null);
    check.mutate({ code: code.trim(), pin: pin || null });
  };

  return (
    <Container size={460} py="xl" px="md">
      <Stack gap="md">
        <Title order={2} ta="center">
          Gift card balance
        </Title>
        <Card withBorder padding="md">
          <form onSubmit={submit} noValidate>
            <Stack gap="sm">
              <TextInput
                label="Gift card code"
                placeholder="ABCD-EFGH-JKLM-NPQR"
                autoCapitalize="characters"
                autoComplete="off"
                value={code}
                onChange={(e) => setCode(e.currentTarget.value)}
                error={error}
                styles={{ input: { fontFamily: 'monospace', letterSpacing: 1 } }}
              />
              <PasswordInput
                label="PIN"
                description="Only if your card has one"
                inputMode="numeric"
                value={pin}
                onChange={(e) => setPin(e.currentTarget.value)}
              />
              <Button type="submit" loading={check.isPending} fullWidth>
                Check balance
              </Button>
            </Stack>
          </form>
        </Card>
        {check.data && (
          <Stack gap="xs" data-testid="balance-result">
            <Center>
              <CardVisual
                organizationName={check.data.organizationName}
                balanceCents={check.data.balanceCents}
                status={check.data.status}
                code={check.data.codeEnd}
                designUrl={check.data.designUrl}
                color={check.data.themeColor}
              />
            </Center>
            <Text ta="center" size="sm" c="dimmed">
              {formatCents(check.data.balanceCents)} left of {formatCents(check.data.initialCents)}
            </Text>
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
