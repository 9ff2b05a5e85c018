import {
  Alert,
  Anchor,
  Button,
  Card,
  CopyButton,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { GIFT_CARD_TEXT } from '@opsuite/shared';
import { can } from '@opsuite/shared/rules/permissions';
import {
  IconArrowLeft,
  IconCopy,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlusMinus,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../app/api-client';
import { useSession } from '../../app/auth-store';
import { useIsPhone } from '../../app/use-is-phone';
import { formatInstant, useOrganizationTimeZone } from '../../app/zone-time';
import { confirmAction } from '../../components/confirm';
import { AdjustDialog } from './components/adjust-dialog';
import { CardVisual } from './components/card-visual';
import { EditCardDialog } from './components/edit-card-dialog';
import { StatusBadge } from './components/status-badge';
import {
  useActivateGiftCard,
  useDeactivateGiftCard,
  useDeleteGiftCard,
  useGiftCard,
  useGiftCardTemplates,
} from './gift-cards.api';
import { DELIVERY_LABEL, ENTRY_LABEL, formatCents } from './gift-cards-format';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{children}</Text>
    </Stack>
  );
}

/** One gift card: the card, who it is for, its ledger, and switching it on and off. */
export function GiftCardDetailPage() {
  const { id = '' } = useParams();
  const ability = useSession()?.userData.ability ?? [];
  const isPhone = useIsPhone();
  const timeZone = useOrganizationTimeZone();
  const card = useGiftCard(id);
  const templates = useGiftCardTemplates();
  const activate = useActivateGiftCard();
  const deactivate = useDeactivateGiftCard();
  const remove = useDeleteGiftCard();
  const navigate = useNavigate();
  const [adjusting, setAdjusting] = useState(false);
  const [editing, setEditing] = useState(false);
  const canUpdate = can(ability, 'update', 'giftcards');
  const canDelete = can(ability, 'delete', 'giftcards');
  const c = card.data;
  const design = templates.data?.find((t) => t._id === c?.templateId)?.designUrl ?? null;
  const publicUrl = c ? `${window.location.origin}${c.publicPath}` : '';

  return (
    <Stack gap="md" maw={1100} mx="auto">
      <Group gap="xs">
        <Anchor component={Link} to="/gift-cards" size="sm">
          <Group gap={4}>
            <IconArrowLeft size={14} /> Gift cards
          </Group>
        </Anchor>
      </Group>
      {card.isPending && <Skeleton h={200} />}
      {card.isError && (
        <Alert color="red" title={GIFT_CARD_TEXT.fetchOneFailed}>
          {errorMessage(card.error)}
        </Alert>
      )}
      {c && (
        <>
          <Group justify="space-between" align="flex-start">
            <Stack gap={4}>
              <Title order={2} ff="monospace" size={isPhone ? 'h4' : 'h3'} data-testid="gift-card-code">
                {c.code}
              </Title>
              <Group gap="xs">
                <StatusBadge status={c.status} />
                {c.hasPin && (
                  <Text size="xs" c="dimmed">
                    PIN protected
                  </Text>
                )}
              </Group>
            </Stack>
            {canUpdate && (
              <Group gap="xs">
                {c.activated ? (
                  <Button
                    variant="default"
                    leftSection={<IconPlayerPause size={16} />}
                    loading={deactivate.isPending}
                    onClick={() => deactivate.mutate(c._id)}
                  >
                    Deactivate
                  </Button>
                ) : (
                  <Button
                    leftSection={<IconPlayerPlay size={16} />}
                    loading={activate.isPending}
                    onClick={() => activate.mutate(c._id)}
                  >
                    Activate
                  </Button>
                )}
                <Button
                  variant="light"
                  leftSection={<IconPlusMinus size={16} />}
                  onClick={() => setAdjusting(true)}
                >
                  Adjust balance
                </Button>
                <Button
                  variant="subtle"
                  leftSection={<IconPencil size={16} />}
                  onClick={() => setEditing(true)}
                >
                  Edit
                </Button>
                {canDelete && c.entries.length === 1 && (
                  <Button
                    variant="subtle"
                    color="red"
                    leftSection={<IconTrash size={16} />}
                    onClick={() =>
                      confirmAction({
                        title: `Delete the card for ${c.recipientName}?`,
                        message: 'It has not been used. This cannot be undone.',
                        confirm: 'Delete',
                        onConfirm: () => remove.mutate(c._id, { onSuccess: () => navigate('/gift-cards') }),
                      })
                    }
                  >
                    Delete
                  </Button>
                )}
              </Group>
            )}
          </Group>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <CardVisual
              balanceCents={c.balanceCents}
              status={c.status}
              code={c.code}
              designUrl={design}
              templateName={c.templateName}
            />
            <Card withBorder padding="md">
              <SimpleGrid cols={2} spacing="sm">
                <Fact label="Recipient">{c.recipientName}</Fact>
                <Fact label="E-mail">{c.recipientEmail ?? '—'}</Fact>
                <Fact label="Issued">{formatInstant(c.createdAt, timeZone)}</Fact>
                <Fact label="Expires">{c.expiresAt ? formatInstant(c.expiresAt, timeZone) : 'Never'}</Fact>
                <Fact label="Amount">{formatCents(c.initialCents)}</Fact>
                <Fact label="Template">{c.templateName ?? '—'}</Fact>
                <Fact label="Delivery">
                  {DELIVERY_LABEL[c.delivery]}
                  {c.deliverOn && c.delivery !== 'sent' ? ` (${c.deliverOn})` : ''}
                </Fact>
                <Fact label="Message">{c.message ?? '—'}</Fact>
              </SimpleGrid>
              <Group gap="xs" mt="md" wrap="nowrap">
                <Anchor href={c.publicPath} target="_blank" size="sm" truncate>
                  Recipient's page
                </Anchor>
                <CopyButton value={publicUrl}>
                  {({ copied, copy }) => (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      leftSection={<IconCopy size={12} />}
                      onClick={copy}
                    >
                      {copied ? 'Copied' : 'Copy link'}
                    </Button>
                  )}
                </CopyButton>
              </Group>
            </Card>
          </SimpleGrid>
          <Card withBorder padding={isPhone ? 'sm' : 'md'}>
            <Title order={4} mb="sm">
              Ledger
            </Title>
            <Table.ScrollContainer minWidth={isPhone ? 0 : 560}>
              <Table verticalSpacing="xs" fz="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>When</Table.Th>
                    <Table.Th>Entry</Table.Th>
                    <Table.Th ta="right">Amount</Table.Th>
                    <Table.Th ta="right">Balance</Table.Th>
                    {!isPhone && <Table.Th>By / why</Table.Th>}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {c.entries.map((e) => (
                    <Table.Tr key={e._id}>
                      <Table.Td>{formatInstant(e.createdAt, timeZone)}</Table.Td>
                      <Table.Td>
                        {ENTRY_LABEL[e.kind]}
                        {isPhone && e.reason && (
                          <Text size="xs" c="dimmed">
                            {e.reason}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td ta="right" c={e.amountCents < 0 ? 'red' : 'teal'}>
                        {e.amountCents > 0 ? '+' : ''}
                        {formatCents(e.amountCents)}
                      </Table.Td>
                      <Table.Td ta="right">{formatCents(e.balanceAfterCents)}</Table.Td>
                      {!isPhone && (
                        <Table.Td>
                          <Text size="sm">
                            {[e.byName, e.reason, e.reference].filter(Boolean).join(' · ')}
                          </Text>
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Card>
          {editing && <EditCardDialog card={c} onClose={() => setEditing(false)} />}
          {adjusting && (
            <AdjustDialog id={c._id} balanceCents={c.balanceCents} onClose={() => setAdjusting(false)} />
          )}
        </>
      )}
    </Stack>
  );
}
