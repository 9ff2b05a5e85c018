import { Alert, Anchor, Center, Container, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { errorMessage } from '../../../app/api-client';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { CardVisual } from '../components/card-visual';
import { usePublicGiftCard } from '../gift-cards.api';
import { formatCents } from '../gift-cards-format';

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** The recipient's page behind the signed link in their e-mail: the card and its balance. */
export function PublicCardPage() {
  const { token = '' } = useParams();
  const card = usePublicGiftCard(token);
  return (
    <Container size={460} py="xl" px="md">
      {card.isPending && <LoadingSpinner />}
      {card.isError && (
        <Alert color="red" title="Gift card not found">
          {errorMessage(card.error)}
        </Alert>
      )}
      {card.data && (
        <Stack gap="md">
          <Title order={2} ta="center">
            {card.data.recipientName ? `A gift for ${card.data.recipientName}` : 'Your gift card'}
          </Title>
          <Center>
            <CardVisual
              organizationName={card.data.organizationName}
              balanceCents={card.data.balanceCents}
              status={card.data.status}
              code={card.data.codeEnd}
              designUrl={card.data.designUrl}
              color={card.data.themeColor}
            />
          </Center>
          {card.data.message && (
            <Text ta="center" fs="italic">
              “{card.data.message}”
            </Text>
          )}
          <Text ta="center" size="sm" c="dimmed">
            {formatCents(card.data.balanceCents)} left of {formatCents(card.data.initialCents)}
            {card.data.expiresAt ? ` · valid until ${day(card.data.expiresAt)}` : ' · never expires'}
          </Text>
          <Text ta="center" size="sm">
            <Anchor href="/gift-card-balance">Check another card</Anchor>
          </Text>
        </Stack>
      )}
    </Container>
  );
}
