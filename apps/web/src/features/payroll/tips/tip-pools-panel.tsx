import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Pagination,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import type { TipPoolAnswer } from '@opsuite/shared';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../app/api-client';
import { confirmAction } from '../../../components/confirm';
import { BASIS_LABEL, TipPoolForm } from './tip-pool-form';
import { TIP_POOL_PAGE_SIZE, useCreatePool, useDeletePool, useTipPools, useUpdatePool } from './tips.api';

function PoolCard({
  pool,
  canUpdate,
  canDelete,
  onEdit,
  onDelete,
}: {
  pool: TipPoolAnswer;
  canUpdate: boolean;
  canDelete: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Card withBorder padding="md" data-testid="tip-pool" aria-label={pool.name} component="article">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text fw={600}>{pool.name}</Text>
          <Text size="sm" c="dimmed">
            {BASIS_LABEL[pool.basis]} · {pool.locations.map((l) => l.name).join(', ')}
          </Text>
        </div>
        <Group gap={4} wrap="nowrap">
          {canUpdate && (
            <ActionIcon variant="subtle" aria-label={`Edit ${pool.name}`} onClick={onEdit}>
              <IconPencil size={16} />
            </ActionIcon>
          )}
          {canDelete && (
            <ActionIcon variant="subtle" color="red" aria-label={`Delete ${pool.name}`} onClick={onDelete}>
              <IconTrash size={16} />
            </ActionIcon>
          )}
        </Group>
      </Group>
      <Group gap={6} mt="xs" wrap="wrap">
        {pool.roles.map((r) => (
          <Badge
            key={r.roleId}
            variant="light"
            color={r.sharesTips ? 'blue' : 'gray'}
            title={r.sharesTips ? undefined : 'This role does not share tips'}
          >
            {r.name}
            {pool.basis === 'points' && r.points !== null ? ` · ${r.points} pt` : ''}
            {r.share !== null ? ` · ${r.share}%` : ''}
            {r.sharesTips ? '' : ' · no share'}
          </Badge>
        ))}
      </Group>
      <Text size="xs" c="dimmed" mt="xs">
        {pool.dayShifts.length === 0
          ? 'Whole day'
          : pool.dayShifts.map((s) => `${s.name} ${s.start}–${s.end}`).join(' · ')}
      </Text>
    </Card>
  );
}

/** Tip pools, ten a page: create prepends, edit in place, delete after a confirm. */
export function TipPoolsPanel({
  canWrite,
  canUpdate,
  canDelete,
}: {
  canWrite: boolean;
  canUpdate: boolean;
  canDelete: boolean;
}) {
  const [page, setPage] = useState(1);
  const pools = useTipPools(page);
  const create = useCreatePool();
  const update = useUpdatePool();
  const remove = useDeletePool();
  const [creating, setCreating] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const data = pools.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / TIP_POOL_PAGE_SIZE)) : 1;

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {data ? `${data.total} tip pool(s)` : ''}
        </Text>
        {canWrite && !creating && (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => {
              setPage(1);
              setEditingId(null);
              setCreating(true);
            }}
          >
            New tip pool
          </Button>
        )}
      </Group>
      {creating && (
        <TipPoolForm
          saving={create.isPending}
          onCancel={() => setCreating(false)}
          onSave={(body) => create.mutate(body, { onSuccess: () => setCreating(false) })}
        />
      )}
      {pools.isPending && <Skeleton h={120} />}
      {pools.isError && <Alert color="red">{errorMessage(pools.error)}</Alert>}
      {data && data.list.length === 0 && !creating && (
        <Card withBorder padding="lg">
          <Text c="dimmed" ta="center">
            No tip pools yet. A pool shares the tips of its locations among the roles that worked.
          </Text>
        </Card>
      )}
      {data?.list.map((pool) =>
        editingId === pool._id ? (
          <TipPoolForm
            key={pool._id}
            pool={pool}
            saving={update.isPending}
            onCancel={() => setEditingId(null)}
            onSave={(body) => update.mutate({ id: pool._id, body }, { onSuccess: () => setEditingId(null) })}
          />
        ) : (
          <PoolCard
            key={pool._id}
            pool={pool}
            canUpdate={canUpdate}
            canDelete={canDelete}
            onEdit={() => {
              setCreating(false);
              setEditingId(pool._id);
            }}
            onDelete={() =>
              confirmAction({
                title: `Delete ${pool.name}?`,
                message: 'Its locations become free for another pool. Paid periods keep what they paid.',
                confirm: 'Delete',
                onConfirm: () => remove.mutate(pool._id),
              })
            }
          />
        ),
      )}
      {pages > 1 && (
        <Group justify="center">
          <Pagination value={page} onChange={setPage} total={pages} size="sm" />
        </Group>
      )}
    </Stack>
  );
}
