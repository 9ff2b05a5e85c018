import { Badge, Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import type { PaymentCardAnswer } from '@opsuite/shared';
import { IconCreditCard, IconStar, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useMakeDefaultCard, useRemoveCard } from '../portal.api';

// One of the member's saved cards: make it the card charged by default, or remove it after a
// second tap. The server refuses the last card while a membership bills and says why (a toast).

export function SavedCard({ card }: { card: PaymentCardAnswer }) {
  const makeDefault = useMakeDefaultCard();
  const remove = useRemoveCard();
  const [confirming, setConfirming] = useState(false);
  const name = `${card.brand} •••• ${card.last4}`;
  return (
    <Paper withBorder radius="lg" p="md" data-testid="portal-card">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <ThemeIcon variant="light" size="lg" radius="md">
              <IconCreditCard size={20} />
            </ThemeIcon>
            <div>
              <Text fw={700}>{name}</Text>
              <Text size="xs" c="dimmed">
                Expires {String(card.expMonth).padStart(2, '0')}/{String(card.expYear).slice(-2)}
              </Text>
            </div>
          </Group>
          {card.isDefault && (
            <Badge variant="light" tt="none">
              Default
            </Badge>
          )}
        </Group>
        {confirming ? (
          <Group gap="xs" justify="flex-end" wrap="wrap">
            <Text size="sm" style={{ flex: '1 1 160px' }}>
              Remove {name}?
            </Text>
            <Button variant="default" radius="xl" size="xs" onClick={() => setConfirming(false)}>
              Keep
            </Button>
            <Button
              color="red"
              radius="xl"
              size="xs"
              loading={remove.isPending}
              onClick={() => remove.mutate(card._id, { onSettled: () => setConfirming(false) })}
            >
              Remove card
            </Button>
          </Group>
        ) : (
          <Group gap="xs" justify="flex-end">
            {!card.isDefault && (
              <Button
                variant="light"
                radius="xl"
                size="xs"
                leftSection={<IconStar size={14} />}
                loading={makeDefault.isPending}
                onClick={() => makeDefault.mutate(card._id)}
                aria-label={`Make ${name} the default card`}
              >
                Make default
              </Button>
            )}
            <Button
              variant="subtle"
              color="red"
              radius="xl"
              size="xs"
              leftSection={<IconTrash size={14} />}
              onClick={() => setConfirming(true)}
              aria-label={`Remove ${name}`}
            >
              Remove
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
