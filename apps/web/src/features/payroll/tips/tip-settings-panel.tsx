import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { TipLocationAnswer } from '@opsuite/shared';
import { IconCheck, IconPencil, IconPlus, IconTrash, IconX } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../app/api-client';
import { confirmAction } from '../../../components/confirm';
import { useDeleteLocation, useSaveLocation, useSaveRole, useTipLocations, useTipRoles } from './tips.api';

function LocationRow({
  location,
  canWrite,
  canDelete,
}: {
  location: TipLocationAnswer;
  canWrite: boolean;
  canDelete: boolean;
}) {
  const save = useSaveLocation();
  const remove = useDeleteLocation();
  const [name, setName] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name?.trim())
      save.mutate({ id: location._id, name: name.trim() }, { onSuccess: () => setName(null) });
  };
  if (name !== null) {
    return (
      <form onSubmit={submit} noValidate>
        <Group gap="xs" wrap="nowrap">
          <TextInput
            aria-label={`New name of ${location.name}`}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            style={{ flex: 1 }}
            maxLength={80}
          />
          <ActionIcon type="submit" variant="light" aria-label="Save location" loading={save.isPending}>
            <IconCheck size={16} />
          </ActionIcon>
          <ActionIcon variant="subtle" color="gray" aria-label="Cancel" onClick={() => setName(null)}>
            <IconX size={16} />
          </ActionIcon>
        </Group>
      </form>
    );
  }
  return (
    <Group justify="space-between" wrap="nowrap" data-testid="tip-location">
      <div>
        <Text size="sm" fw={500}>
          {location.name}
        </Text>
        <Text size="xs" c="dimmed">
          {location.poolName ? `In ${location.poolName}` : 'In no pool yet'}
        </Text>
      </div>
      <Group gap={4} wrap="nowrap">
        {canWrite && (
          <ActionIcon
            variant="subtle"
            aria-label={`Rename ${location.name}`}
            onClick={() => setName(location.name)}
          >
            <IconPencil size={16} />
          </ActionIcon>
        )}
        {canDelete && (
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete ${location.name}`}
            onClick={() =>
              confirmAction({
                title: `Delete ${location.name}?`,
                message: 'A location used by a tip pool or with daily tips cannot be deleted.',
                confirm: 'Delete',
                onConfirm: () => remove.mutate(location._id),
              })
            }
          >
            <IconTrash size={16} />
          </ActionIcon>
        )}
      </Group>
    </Group>
  );
}

/** Tip locations (where tips are taken) and which staff roles share tips. */
export function TipSettingsPanel({ canWrite, canDelete }: { canWrite: boolean; canDelete: boolean }) {
  const locations = useTipLocations();
  const roles = useTipRoles();
  const add = useSaveLocation();
  const saveRole = useSaveRole();
  const [name, setName] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim()) add.mutate({ name: name.trim() }, { onSuccess: () => setName('') });
  };
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Card withBorder padding="md">
        <Title order={4} mb="xs">
          Tip locations
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          Where tips are taken: the bar, the dining room, the front desk.
        </Text>
        {canWrite && (
          <form onSubmit={submit} noValidate aria-label="Add a location">
            <Group gap="xs" wrap="nowrap" mb="sm">
              <TextInput
                aria-label="Location name"
                placeholder="Bar"
                value={name}
                onChange={(e) => setName(e.currentTarget.value)}
                style={{ flex: 1 }}
                maxLength={80}
              />
              <Button
                type="submit"
                leftSection={<IconPlus size={16} />}
                loading={add.isPending}
                disabled={!name.trim()}
              >
                Add
              </Button>
            </Group>
          </form>
        )}
        {locations.isPending && <Skeleton h={60} />}
        {locations.isError && <Alert color="red">{errorMessage(locations.error)}</Alert>}
        {locations.data && locations.data.length === 0 && <Text c="dimmed">No locations yet</Text>}
        <Stack gap="xs">
          {locations.data?.map((l) => (
            <LocationRow key={l._id} location={l} canWrite={canWrite} canDelete={canDelete} />
          ))}
        </Stack>
      </Card>
      <Card withBorder padding="md">
        <Title order={4} mb="xs">
          Roles
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          Staff positions. Managers and supervisors do not share tips unless you say so.
        </Text>
        {roles.isPending && <Skeleton h={60} />}
        {roles.isError && <Alert color="red">{errorMessage(roles.error)}</Alert>}
        {roles.data && roles.data.length === 0 && (
          <Text c="dimmed">No positions yet: add them in Staff settings</Text>
        )}
        <Stack gap="xs">
          {roles.data?.map((r) => (
            <Group key={r.roleId} justify="space-between" wrap="nowrap" data-testid="tip-role">
              <Group gap={6}>
                <Text size="sm" fw={500}>
                  {r.name}
                </Text>
                {r.isDefault && (
                  <Badge size="xs" variant="light" color="gray">
                    default
                  </Badge>
                )}
              </Group>
              <Switch
                label="Shares tips"
                labelPosition="left"
                checked={r.sharesTips}
                disabled={!canWrite || saveRole.isPending}
                aria-label={`${r.name} shares tips`}
                onChange={(e) => saveRole.mutate({ roleId: r.roleId, sharesTips: e.currentTarget.checked })}
              />
            </Group>
          ))}
        </Stack>
      </Card>
    </SimpleGrid>
  );
}
