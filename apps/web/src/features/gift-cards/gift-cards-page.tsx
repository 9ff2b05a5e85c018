import { ActionIcon, Alert, Card, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { GiftCardAnswer } from '@opsuite/shared';
import { can } from '@opsuite/shared/rules/permissions';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../app/api-client';
import { useSession } from '../../app/auth-store';
import { useIsPhone } from '../../app/use-is-phone';
import { formatInstant, useOrganizationTimeZone } from '../../app/zone-time';
import { confirmAction } from '../../components/confirm';
import { PageToolbar } from '../../components/page-toolbar';
import { GiftCardForm } from './components/gift-card-form';
import { useDeleteGiftCard, useGiftCards } from './gift-cards.api';

/** The organisation's gift cards: search, add, rename and delete. */
export function GiftCardsPage() {
  const ability = useSession()?.userData.ability ?? [];
  const isPhone = useIsPhone();
  const timeZone = useOrganizationTimeZone();
  const records = useGiftCards();
  const remove = useDeleteGiftCard();
  const [search, setSearch] = useState('');
  /** The form's subject while it is open: a gift card, or null for a new one. */
  const [editing, setEditing] = useState<{ record: GiftCardAnswer | null } | null>(null);
  const canWrite = can(ability, 'write', 'giftcards');
  const canUpdate = can(ability, 'update', 'giftcards');
  const canDelete = can(ability, 'delete', 'giftcards');

  const needle = search.trim().toLowerCase();
  const shown = (records.data ?? []).filter((record) => record.name.toLowerCase().includes(needle));
  const add = () => setEditing({ record: null });
  const confirmDelete = (record: GiftCardAnswer) =>
    confirmAction({
      title: `Delete ${record.name}?`,
      message: 'This cannot be undone.',
      confirm: 'Delete',
      onConfirm: () => remove.mutate(record._id),
    });

  return (
    <Stack gap="md" maw={1100} mx="auto">
      <PageToolbar
        title="Gift cards"
        search={{ value: search, onChange: setSearch, placeholder: 'Search gift cards' }}
        primaryAction={
          canWrite && !isPhone
            ? { label: 'Add gift card', icon: <IconPlus size={18} />, onClick: add }
            : undefined
        }
        onAdd={canWrite && isPhone ? add : undefined}
        addLabel="Add gift card"
      />
      <Card padding={isPhone ? 'sm' : 'lg'} withBorder>
        {records.isPending && <Skeleton h={120} />}
        {records.isError && <Alert color="red">{errorMessage(records.error)}</Alert>}
        {records.data && shown.length === 0 && (
          <Text c="dimmed" ta="center" py="xl">
            {records.data.length === 0 ? 'No gift cards yet' : 'No gift cards match the search'}
          </Text>
        )}
        {shown.length > 0 && (
          <Table.ScrollContainer minWidth={isPhone ? 0 : 480}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Last changed</Table.Th>
                  <Table.Th w={1} aria-label="Actions" />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((record) => (
                  <Table.Tr key={record._id}>
                    <Table.Td>{record.name}</Table.Td>
                    <Table.Td>{formatInstant(record.updatedAt, timeZone)}</Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        {canUpdate && (
                          <ActionIcon
                            variant="subtle"
                            aria-label={`Edit ${record.name}`}
                            onClick={() => setEditing({ record })}
                          >
                            <IconPencil size={16} />
                          </ActionIcon>
                        )}
                        {canDelete && (
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Delete ${record.name}`}
                            onClick={() => confirmDelete(record)}
                          >
                            <IconTrash size={16} />
                          </ActionIcon>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
      {editing && <GiftCardForm record={editing.record} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
