import {
  Button,
  Group,
  Modal,
  MultiSelect,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import { IconArrowsRightLeft, IconGitMerge, IconTags, IconTrash, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { toast, toastFailure } from '../../../app/toast';
import { confirmAction } from '../../../components/confirm';
import { CONTACT_MESSAGES } from '../contact-messages';
import { type MassMoveTarget, useBulkTagsLeadSource, useDeleteContacts, useMassMove } from '../contacts.api';
import type { Option } from '../use-contact-lookups';

/** Asks before deleting; the answer's count goes into the question. */
export function confirmDeleteContacts(count: number, onConfirm: () => void) {
  confirmAction({
    title: count === 1 ? 'Delete contact' : 'Delete contacts',
    message:
      count === 1
        ? 'Delete this contact? Their records stay attached where other records refer to them.'
        : `Delete ${count} contacts? Their records stay attached where other records refer to them.`,
    confirm: 'Delete',
    onConfirm,
  });
}

/** Deletes contacts after confirmation, with the catalogue's texts. */
export function useConfirmedDelete(source: string, onDeleted?: () => void) {
  const remove = useDeleteContacts();
  return (ids: string[]) =>
    confirmDeleteContacts(ids.length, () =>
      remove.mutate(
        { ids, source },
        {
          onSuccess: () => {
            toast.success(CONTACT_MESSAGES.deleted);
            onDeleted?.();
          },
          onError: (error) => toastFailure(error),
        },
      ),
    );
}

export interface BulkActionsProps {
  selectedIds: string[];
  onClear: () => void;
  onDeleted: () => void;
  onMerge: () => void;
  tags: Option[];
  leadSources: Option[];
  contactTypes: Option[];
  stages: Option[];
  canUpdate: boolean;
  canDelete: boolean;
}

/** What can be done to the selected contacts at once: tag, move, merge, delete. */
export function BulkActions(props: BulkActionsProps) {
  const { selectedIds } = props;
  const [dialog, setDialog] = useState<'tags' | 'move' | null>(null);
  const remove = useConfirmedDelete('contacts-list', () => {
    props.onClear();
    props.onDeleted();
  });
  if (selectedIds.length === 0) return null;
  return (
    <Paper withBorder p="xs" mb="sm" role="region" aria-label="Bulk actions">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          {selectedIds.length} selected
        </Text>
        <Group gap="xs">
          {props.canUpdate && (
            <>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconTags size={14} />}
                onClick={() => setDialog('tags')}
              >
                Add tags & lead source
              </Button>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconArrowsRightLeft size={14} />}
                onClick={() => setDialog('move')}
              >
                Move
              </Button>
              {selectedIds.length > 1 && (
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconGitMerge size={14} />}
                  onClick={props.onMerge}
                >
                  Merge
                </Button>
              )}
            </>
          )}
          {props.canDelete && (
            <Button
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={() => remove(selectedIds)}
            >
              Delete
            </Button>
          )}
          <Button
            size="xs"
            variant="subtle"
            color="gray"
            leftSection={<IconX size={14} />}
            onClick={props.onClear}
          >
            Clear
          </Button>
        </Group>
      </Group>
      <TagsDialog {...props} opened={dialog === 'tags'} onClose={() => setDialog(null)} />
      <MoveDialog {...props} opened={dialog === 'move'} onClose={() => setDialog(null)} />
    </Paper>
  );
}

type DialogProps = BulkActionsProps & { opened: boolean; onClose: () => void };

function TagsDialog({ opened, onClose, selectedIds, tags, leadSources, onClear }: DialogProps) {
  const [tagIds, setTagIds] = useState<string[]>([]);
  const [leadSourceId, setLeadSourceId] = useState<string | null>(null);
  const save = useBulkTagsLeadSource();
  const submit = () =>
    save.mutate(
      {
        ids: selectedIds,
        tagIds: tagIds.length ? tagIds : undefined,
        leadSourceId: leadSourceId ?? undefined,
      },
      {
        onSuccess: () => {
          toast.success(CONTACT_MESSAGES.tagged);
          setTagIds([]);
          setLeadSourceId(null);
          onClose();
          onClear();
        },
        onError: (error) => toastFailure(error),
      },
    );
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={opened}
      onClose={onClose}
      title="Add tags and lead source"
    >
      <Stack>
        <MultiSelect label="Tags" data={tags} value={tagIds} onChange={setTagIds} searchable clearable />
        <Select
          label="Lead source"
          data={leadSources}
          value={leadSourceId}
          onChange={setLeadSourceId}
          searchable
          clearable
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={save.isPending} disabled={tagIds.length === 0 && !leadSourceId}>
            Add
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function MoveDialog({ opened, onClose, selectedIds, contactTypes, stages, onClear }: DialogProps) {
  const [kind, setKind] = useState<'type' | 'stage'>('type');
  const [target, setTarget] = useState<string | null>(null);
  const move = useMassMove();
  const submit = () => {
    if (!target) return;
    const body: MassMoveTarget = kind === 'type' ? { contactTypeId: target } : { stageId: target };
    move.mutate(
      { ids: selectedIds, target: body },
      {
        onSuccess: () => {
          toast.success(CONTACT_MESSAGES.moved);
          setTarget(null);
          onClose();
          onClear();
        },
        onError: (error) => toastFailure(error),
      },
    );
  };
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={opened}
      onClose={onClose}
      title="Move contacts"
    >
      <Stack>
        <SegmentedControl
          data={[
            { value: 'type', label: 'Contact type' },
            { value: 'stage', label: 'Stage' },
          ]}
          value={kind}
          onChange={(value) => {
            setKind(value as 'type' | 'stage');
            setTarget(null);
          }}
        />
        <Select
          label={kind === 'type' ? 'Move to contact type' : 'Move to stage'}
          data={kind === 'type' ? contactTypes : stages}
          value={target}
          onChange={setTarget}
          searchable
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={move.isPending} disabled={!target}>
            Move
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
