import { ActionIcon, Button, Grid, Group, Modal, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconListCheck, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useSession } from '../../../app/auth-store';
import { toast, toastFailure } from '../../../app/toast';
import { useIsPhone } from '../../../app/use-is-phone';
import { SidebarList } from '../../../components/sidebar-list';
import { CONTACT_MESSAGES } from '../contact-messages';
import type { ClientRank, RankCategory } from '../contacts.types';
import { NamedListEditor } from './named-list-editor';
import { RankRequirementsModal, requirementsText } from './rank-requirements-modal';
import { useSettingsList, useSettingsMutations } from './settings.api';
import { useContactsAbility } from './settings-lists';

/** Rank categories (progressions) in the shared sidebar list, and the ranks of the chosen one. */
export function RanksSettings() {
  const session = useSession();
  const ability = useContactsAbility();
  const categories = useSettingsList('rank-category');
  const ranks = useSettingsList('client-ranks');
  const categoryMutations = useSettingsMutations('rank-category');
  const rankMutations = useSettingsMutations('client-ranks');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [naming, setNaming] = useState<{ category: RankCategory | null } | null>(null);
  // The rank stays set while its requirements modal closes, so the title does not blank out.
  const [requirementsOf, setRequirementsOf] = useState<ClientRank | null>(null);
  const [requirementsOpen, setRequirementsOpen] = useState(false);

  const list = [...(categories.data ?? [])].sort((a, b) => a.sortOrder - b.sortOrder);
  const selected = list.find((category) => category._id === selectedId) ?? list[0] ?? null;
  useEffect(() => {
    if (!selectedId && list[0]) setSelectedId(list[0]._id);
  }, [selectedId, list]);
  const categoryRanks = [...(ranks.data ?? [])]
    .filter((rank) => rank.categoryId === selected?._id)
    .sort((a, b) => a.sortOrder - b.sortOrder);
  const rankOf = (item: { _id: string }) => categoryRanks.find((rank) => rank._id === item._id);

  const removeCategory = (category: RankCategory) =>
    modals.openConfirmModal({
      closeButtonProps: { 'aria-label': 'Close' },
      title: `Delete ${category.name}?`,
      children: 'Its ranks are deleted with it.',
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        categoryMutations.remove.mutate(category._id, {
          onSuccess: (answer) => {
            toast.success(answer.message);
            setSelectedId(null);
          },
          onError: (error) => toastFailure(error),
        }),
    });

  return (
    <Grid gap="md">
      <Grid.Col span={{ base: 12, md: 4 }}>
        <SidebarList
          groups={[
            {
              key: 'categories',
              title: 'Rank categories',
              items: list.map((category) => ({
                _id: category._id,
                label: category.name,
                count: (ranks.data ?? []).filter((rank) => rank.categoryId === category._id).length,
              })),
            },
          ]}
          currentUserId={session?.userData.id ?? ''}
          assignerId={session?.userData.curRole.assignerId}
          primaryButton={
            ability.canCreate
              ? {
                  label: 'Add category',
                  icon: <IconPlus size={16} />,
                  onClick: () => setNaming({ category: null }),
                }
              : undefined
          }
          selectedId={selected?._id ?? null}
          onSelect={(item) => setSelectedId(item._id)}
          emptyText="No rank categories yet."
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        {selected ? (
          <NamedListEditor
            title={`Ranks of ${selected.name}`}
            description={`From the first rank to the highest. Classes whose booking type has the program name "${selected.name}" count toward them.`}
            items={categoryRanks.map((rank) => ({ _id: rank._id, name: rank.name }))}
            loading={ranks.isPending}
            addLabel="Add rank"
            emptyText="No ranks in this category yet."
            {...ability}
            onCreate={(name) =>
              rankMutations.create
                .mutateAsync({ name, categoryId: selected._id, sortOrder: categoryRanks.length })
                .then((answer) => toast.success(answer.message))
                .catch((error) => {
                  toastFailure(error);
                  throw error;
                })
            }
            onRename={(item, name) =>
              rankMutations.update
                .mutateAsync({ id: item._id, body: { name } })
                .then(() => toast.success(CONTACT_MESSAGES.rankUpdated))
                .catch((error) => {
                  toastFailure(error);
                  throw error;
                })
            }
            onDelete={(item) =>
              rankMutations.remove.mutate(item._id, {
                onSuccess: () => toast.success(CONTACT_MESSAGES.rankDeleted),
                onError: (error) => toastFailure(error),
              })
            }
            renderItemDetail={(item) => {
              const rank = rankOf(item);
              return rank ? (
                <Text size="xs" c="dimmed">
                  {requirementsText(rank)}
                </Text>
              ) : null;
            }}
            renderItemActions={(item) => {
              const rank = rankOf(item);
              return ability.canUpdate && rank ? (
                <RequirementsButton
                  rank={rank}
                  onClick={() => {
                    setRequirementsOf(rank);
                    setRequirementsOpen(true);
                  }}
                />
              ) : null;
            }}
            actions={
              <Group gap="xs">
                {ability.canUpdate && (
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconPencil size={14} />}
                    onClick={() => setNaming({ category: selected })}
                  >
                    Rename category
                  </Button>
                )}
                {ability.canDelete && (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    leftSection={<IconTrash size={14} />}
                    onClick={() => removeCategory(selected)}
                  >
                    Delete category
                  </Button>
                )}
              </Group>
            }
          />
        ) : null}
      </Grid.Col>
      {requirementsOf && (
        <RankRequirementsModal
          opened={requirementsOpen}
          rank={requirementsOf}
          onClose={() => setRequirementsOpen(false)}
        />
      )}
      <CategoryNameModal
        state={naming}
        onClose={() => setNaming(null)}
        onSaved={(category) => setSelectedId(category._id)}
      />
    </Grid>
  );
}

/** Opens a rank's requirements: a labelled button, or an icon on phones where the row is narrow. */
function RequirementsButton({ rank, onClick }: { rank: ClientRank; onClick: () => void }) {
  const isPhone = useIsPhone();
  const label = `Requirements for ${rank.name}`;
  return isPhone ? (
    <Tooltip label="Requirements">
      <ActionIcon variant="subtle" aria-label={label} onClick={onClick}>
        <IconListCheck size={16} />
      </ActionIcon>
    </Tooltip>
  ) : (
    <Button
      size="compact-xs"
      variant="subtle"
      leftSection={<IconListCheck size={14} />}
      aria-label={label}
      onClick={onClick}
    >
      Requirements
    </Button>
  );
}

function CategoryNameModal({
  state,
  onClose,
  onSaved,
}: {
  state: { category: RankCategory | null } | null;
  onClose: () => void;
  onSaved: (category: RankCategory) => void;
}) {
  const { create, update } = useSettingsMutations('rank-category');
  const [name, setName] = useState('');
  useEffect(() => setName(state?.category?.name ?? ''), [state]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    const handlers = {
      onSuccess: (answer: { message: string; data: RankCategory }) => {
        toast.success(answer.message);
        onSaved(answer.data);
        onClose();
      },
      onError: (error: unknown) => toastFailure(error),
    };
    if (state?.category) update.mutate({ id: state.category._id, body: { name: name.trim() } }, handlers);
    else create.mutate({ name: name.trim() }, handlers);
  };
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={state !== null}
      onClose={onClose}
      title={state?.category ? 'Rename category' : 'New rank category'}
    >
      <form onSubmit={submit}>
        <Stack>
          <TextInput
            label="Category name"
            description="Use the program name of its classes (Booking setup, Booking types): their attendance counts toward these ranks."
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending} disabled={!name.trim()}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
