import {
  Alert,
  Button,
  Card,
  Group,
  Pagination,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { GIFT_CARD_STATUSES, GIFT_CARD_TEXT } from '@opsuite/shared';
import { can } from '@opsuite/shared/rules/permissions';
import { IconPlus, IconTemplate } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../app/api-client';
import { useSession } from '../../app/auth-store';
import { useIsPhone } from '../../app/use-is-phone';
import { formatInstant, useOrganizationTimeZone } from '../../app/zone-time';
import { PageToolbar } from '../../components/page-toolbar';
import { IssueCardDialog } from './components/issue-card-dialog';
import { StatusBadge } from './components/status-badge';
import { useGiftCardStats, useGiftCards, useGiftCardTemplates } from './gift-cards.api';
import { formatCents, STATUS_LABEL } from './gift-cards-format';

/** The organisation's gift cards: liability, search and status, issue a card, open one. */
export function GiftCardsPage() {
  const ability = useSession()?.userData.ability ?? [];
  const isPhone = useIsPhone();
  const navigate = useNavigate();
  const timeZone = useOrganizationTimeZone();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [issuing, setIssuing] = useState(false);
  const cards = useGiftCards({ search: search.trim(), status, page });
  const stats = useGiftCardStats();
  const templates = useGiftCardTemplates();
  const canWrite = can(ability, 'write', 'giftcards');
  const open = (id: string) => navigate(`/gift-cards/${id}`);
  const issue = () => setIssuing(true);
  const list = cards.data?.list ?? [];
  const pages = cards.data ? Math.max(1, Math.ceil(cards.data.total / cards.data.pageSize)) : 1;

  const statusFilter = (
    <Select
      aria-label="Status"
      placeholder="Any status"
      data={GIFT_CARD_STATUSES.map((s) => ({ value: s, label: STATUS_LABEL[s] }))}
      value={status}
      onChange={(v) => {
        setStatus(v);
        setPage(1);
      }}
      clearable
      w={isPhone ? '100%' : 180}
    />
  );

  return (
    <Stack gap="md" maw={1100} mx="auto">
      <PageToolbar
        title="Gift cards"
        search={{
          value: search,
          onChange: (v) => {
            setSearch(v);
            setPage(1);
          },
          placeholder: 'Search by name, e-mail or code',
        }}
        primaryAction={
          canWrite && !isPhone
            ? { label: 'Issue gift card', icon: <IconPlus size={18} />, onClick: issue }
            : undefined
        }
        onAdd={canWrite && isPhone ? issue : undefined}
        addLabel="Issue gift card"
        filters={statusFilter}
      />
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        <Card withBorder padding="sm">
          <Text size="xs" c="dimmed">
            Outstanding balance
          </Text>
          <Text fw={700} size="lg" data-testid="gift-card-liability">
            {stats.data ? formatCents(stats.data.liabilityCents) : '…'}
          </Text>
        </Card>
        <Card withBorder padding="sm">
          <Text size="xs" c="dimmed">
            Active cards
          </Text>
          <Text fw={700} size="lg">
            {stats.data?.activeCount ?? '…'}
          </Text>
        </Card>
        <Card withBorder padding="sm" visibleFrom="sm">
          <Text size="xs" c="dimmed">
            Redeemed
          </Text>
          <Text fw={700} size="lg">
            {stats.data ? formatCents(stats.data.redeemedCents) : '…'}
          </Text>
        </Card>
      </SimpleGrid>
      <Group justify="flex-end">
        <Button
          variant="subtle"
          leftSection={<IconTemplate size={16} />}
          onClick={() => navigate('/gift-cards/templates')}
        >
          Templates and settings
        </Button>
      </Group>
      <Card padding={isPhone ? 'sm' : 'lg'} withBorder>
        {cards.isPending && <Skeleton h={120} />}
        {cards.isError && (
          <Alert color="red" title={GIFT_CARD_TEXT.fetchFailed}>
            {errorMessage(cards.error)}
          </Alert>
        )}
        {cards.data && list.length === 0 && (
          <Text c="dimmed" ta="center" py="xl">
            {search || status ? 'No gift cards match the search' : 'No gift cards yet'}
          </Text>
        )}
        {list.length > 0 && isPhone && (
          <Stack gap="xs">
            {list.map((c) => (
              <Card
                key={c._id}
                withBorder
                padding="sm"
                onClick={() => open(c._id)}
                style={{ cursor: 'pointer' }}
              >
                <Group justify="space-between" wrap="nowrap">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text fw={600} truncate>
                      {c.recipientName}
                    </Text>
                    <Text size="xs" ff="monospace" c="dimmed">
                      {c.code}
                    </Text>
                  </Stack>
                  <Stack gap={2} align="flex-end">
                    <Text fw={700}>{formatCents(c.balanceCents)}</Text>
                    <StatusBadge status={c.status} />
                  </Stack>
                </Group>
              </Card>
            ))}
          </Stack>
        )}
        {list.length > 0 && !isPhone && (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Code</Table.Th>
                  <Table.Th>Recipient</Table.Th>
                  <Table.Th ta="right">Balance</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Issued</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.map((c) => (
                  <Table.Tr key={c._id} onClick={() => open(c._id)} style={{ cursor: 'pointer' }}>
                    <Table.Td ff="monospace">{c.code}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{c.recipientName}</Text>
                      {c.recipientEmail && (
                        <Text size="xs" c="dimmed">
                          {c.recipientEmail}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td ta="right">
                      {formatCents(c.balanceCents)}
                      <Text size="xs" c="dimmed">
                        of {formatCents(c.initialCents)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge status={c.status} />
                    </Table.Td>
                    <Table.Td>{formatInstant(c.createdAt, timeZone)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {pages > 1 && (
          <Group justify="center" mt="md">
            <Pagination total={pages} value={page} onChange={setPage} size="sm" />
          </Group>
        )}
      </Card>
      {issuing && (
        <IssueCardDialog
          templates={templates.data ?? []}
          onClose={() => setIssuing(false)}
          onIssued={(id) => {
            setIssuing(false);
            open(id);
          }}
        />
      )}
    </Stack>
  );
}
