import { ActionIcon, Alert, Badge, Button, Card, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import {
  IconBrandMastercard,
  IconBrandVisa,
  IconCreditCard,
  IconPlus,
  IconStar,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { GENERIC_FAILURE } from '../../../app/api-client';
import { failureText, toast, toastFailure } from '../../../app/toast';
import { useIsPhone } from '../../../app/use-is-phone';
import { confirmAction } from '../../../components/confirm';
import { type PaymentCard, usePaymentCardMutations, usePaymentCards } from '../billing.api';
import { usePaymentConfig } from '../billing-actions.api';
import { AddCardForm, cardFieldErrors } from './add-card-form';
import { StripeCardForm } from './stripe-card-form';

const BRAND_ICONS: Record<string, typeof IconCreditCard> = {
  Visa: IconBrandVisa,
  Mastercard: IconBrandMastercard,
};

export const cardLabel = (card: PaymentCard) => `${card.brand} •••• ${card.last4}`;
export const expiryText = (card: PaymentCard) =>
  `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear).slice(-2)}`;

/** A card past its expiry month can no longer be charged. */
function isExpired(card: PaymentCard, now = new Date()): boolean {
  const year = now.getFullYear();
  return card.expYear < year || (card.expYear === year && card.expMonth < now.getMonth() + 1);
}

interface PaymentCardsTabProps {
  contactId: string;
  /** Adding a card and changing the default need the contacts update permission. */
  canUpdate: boolean;
  /** Removing a card needs the contacts delete permission. */
  canDelete: boolean;
}

/** The contact's cards on file: list, add, make default, remove. */
export function PaymentCardsTab({ contactId, canUpdate, canDelete }: PaymentCardsTabProps) {
  const isPhone = useIsPhone();
  const cards = usePaymentCards(contactId);
  const { add, makeDefault, remove } = usePaymentCardMutations(contactId);
  const [adding, setAdding] = useState(false);
  const config = usePaymentConfig();
  const list = cards.data ?? [];
  const stripeKey = config.data?.provider === 'stripe' ? config.data.publishableKey : null;
  const saved = (answer: { message: string; data: PaymentCard }) => {
    toast.success(`${answer.message}: ${cardLabel(answer.data)}`);
    setAdding(false);
  };

  const confirmRemove = (card: PaymentCard) =>
    confirmAction({
      title: 'Remove card',
      message: (
        <>
          Remove {cardLabel(card)}?
          {card.isDefault && list.length > 1 && ' The newest other card becomes the default.'}
        </>
      ),
      confirm: 'Remove',
      onConfirm: () =>
        remove.mutate(card, {
          onSuccess: (answer) => toast.success(answer.message),
          onError: (error) => toastFailure(error),
        }),
    });

  return (
    <Card padding="lg">
      <Stack gap="md">
        <Group justify="space-between">
          <Text fw={600}>Payment cards</Text>
          {canUpdate && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
              Add card
            </Button>
          )}
        </Group>
        {cards.isError && (
          <Alert color="red" title="Unable to load payment cards">
            {failureText(cards.error, GENERIC_FAILURE)}
          </Alert>
        )}
        {cards.isPending && <Loader size="sm" mx="auto" />}
        {cards.isSuccess && list.length === 0 && (
          <Text c="dimmed" ta="center" py="lg">
            No cards on file yet.
          </Text>
        )}
        {list.length > 0 && (
          <Stack gap="xs" role="list" aria-label="Payment cards">
            {list.map((card) => {
              const Icon = BRAND_ICONS[card.brand] ?? IconCreditCard;
              const expired = isExpired(card);
              return (
                <Card
                  key={card._id}
                  withBorder
                  padding="sm"
                  role="listitem"
                  aria-label={cardLabel(card)}
                  data-card-id={card._id}
                >
                  {/* On a phone the buttons move under the card's name when they do not fit beside it. */}
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: '1 1 200px' }}>
                      <Icon size={28} stroke={1.5} aria-hidden style={{ flexShrink: 0 }} />
                      <Stack gap={0} miw={0}>
                        <Group gap={6} wrap="wrap">
                          <Text fw={500} size="sm">
                            {cardLabel(card)}
                          </Text>
                          {card.isDefault && (
                            <Badge size="sm" variant="light" color="teal">
                              Default
                            </Badge>
                          )}
                          {expired && (
                            <Badge size="sm" variant="light" color="red">
                              Expired
                            </Badge>
                          )}
                        </Group>
                        <Text size="xs" c="dimmed" truncate>
                          Expires {expiryText(card)}
                          {card.holderName && ` · ${card.holderName}`}
                        </Text>
                      </Stack>
                    </Group>
                    <Group gap={4} wrap="nowrap" ml="auto">
                      {canUpdate && !card.isDefault && (
                        <Button
                          size="xs"
                          variant="subtle"
                          leftSection={<IconStar size={14} />}
                          aria-label={`Make ${cardLabel(card)} the default card`}
                          loading={makeDefault.isPending && makeDefault.variables?._id === card._id}
                          onClick={() =>
                            makeDefault.mutate(card, {
                              onSuccess: () => toast.success(`${cardLabel(card)} is now the default card`),
                              onError: (error) => toastFailure(error),
                            })
                          }
                        >
                          Make default
                        </Button>
                      )}
                      {canDelete && (
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Remove ${cardLabel(card)}`}
                          loading={remove.isPending && remove.variables?._id === card._id}
                          onClick={() => confirmRemove(card)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      )}
                    </Group>
                  </Group>
                </Card>
              );
            })}
          </Stack>
        )}
      </Stack>
      <Modal
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={adding}
        onClose={() => !add.isPending && setAdding(false)}
        title="Add card"
        fullScreen={isPhone}
      >
        {stripeKey ? (
          <StripeCardForm
            contactId={contactId}
            publishableKey={stripeKey}
            saving={add.isPending}
            onCancel={() => setAdding(false)}
            onCollected={(token, makeDefault) =>
              add.mutate(
                { token, makeDefault: makeDefault || undefined },
                { onSuccess: saved, onError: (error) => toastFailure(error) },
              )
            }
          />
        ) : (
          <AddCardForm
            saving={add.isPending}
            showTestCards={config.data?.showTestCards === true}
            onCancel={() => setAdding(false)}
            onSubmit={(body, fail) =>
              add.mutate(body, {
                onSuccess: saved,
                onError: (error) => {
                  fail(cardFieldErrors(error));
                  toastFailure(error);
                },
              })
            }
          />
        )}
      </Modal>
    </Card>
  );
}
