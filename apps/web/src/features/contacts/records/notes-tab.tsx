import { ActionIcon, Button, Card, Group, Loader, Stack, Text, Textarea } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { toast, toastFailure } from '../../../app/toast';
import { formatInstant, useOrganizationTimeZone } from '../../../app/zone-time';
import { confirmAction } from '../../../components/confirm';
import type { FollowupNote } from '../contacts.types';
import { useNoteMutations, useNotes } from './records.api';

/** Follow-up notes: add, edit and remove, newest first. */
export function NotesTab({ contactId, canWrite }: { contactId: string; canWrite: boolean }) {
  const notes = useNotes(contactId);
  const { add, update, remove } = useNoteMutations(contactId);
  const [draft, setDraft] = useState('');
  const list = notes.data?.pages.flatMap((page) => page.list) ?? [];

  const submit = () => {
    if (!draft.trim()) return;
    add.mutate(draft.trim(), {
      onSuccess: (answer) => {
        toast.success(answer.message);
        setDraft('');
      },
      onError: (error) => toastFailure(error),
    });
  };

  const confirmRemove = (note: FollowupNote) =>
    confirmAction({
      title: 'Remove note',
      message: 'Remove this note?',
      confirm: 'Remove',
      onConfirm: () =>
        remove.mutate(note._id, {
          onSuccess: (answer) => toast.success(answer.message),
          onError: (error) => toastFailure(error),
        }),
    });

  return (
    <Stack gap="md">
      {canWrite && (
        <Card padding="md">
          <Stack gap="xs">
            <Textarea
              label="New note"
              placeholder="What happened, what is next…"
              autosize
              minRows={2}
              maxRows={8}
              value={draft}
              onChange={(event) => setDraft(event.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button onClick={submit} loading={add.isPending} disabled={!draft.trim()}>
                Add note
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
      {notes.isPending && <Loader size="sm" mx="auto" />}
      {notes.isSuccess && list.length === 0 && (
        <Text c="dimmed" ta="center" py="lg">
          No notes yet.
        </Text>
      )}
      {list.map((note) => (
        <NoteCard
          key={note._id}
          note={note}
          canWrite={canWrite}
          saving={update.isPending && update.variables?.id === note._id}
          onSave={(text, done) =>
            update.mutate(
              { id: note._id, note: text },
              {
                onSuccess: (answer) => {
                  toast.success(answer.message);
                  done();
                },
                onError: (error) => toastFailure(error),
              },
            )
          }
          onRemove={() => confirmRemove(note)}
        />
      ))}
      {notes.hasNextPage && (
        <Button
          variant="subtle"
          onClick={() => void notes.fetchNextPage()}
          loading={notes.isFetchingNextPage}
        >
          Load more
        </Button>
      )}
    </Stack>
  );
}

interface NoteCardProps {
  note: FollowupNote;
  canWrite: boolean;
  saving: boolean;
  onSave: (text: string, done: () => void) => void;
  onRemove: () => void;
}

function NoteCard({ note, canWrite, saving, onSave, onRemove }: NoteCardProps) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(note.note);
  const timeZone = useOrganizationTimeZone();
  return (
    <Card padding="md" data-note-id={note._id}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Text size="xs" c="dimmed">
          {formatInstant(note.createdAt, timeZone)}
          {note.updatedAt !== note.createdAt && ' · edited'}
        </Text>
        {canWrite && !editing && (
          <Group gap={4} wrap="nowrap">
            <ActionIcon variant="subtle" color="gray" aria-label="Edit note" onClick={() => setEditing(true)}>
              <IconPencil size={16} />
            </ActionIcon>
            <ActionIcon variant="subtle" color="red" aria-label="Remove note" onClick={onRemove}>
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        )}
      </Group>
      {editing ? (
        <Stack gap="xs" mt="xs">
          <Textarea
            aria-label="Note"
            autosize
            minRows={2}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
          />
          <Group justify="flex-end" gap="xs">
            <Button
              size="xs"
              variant="default"
              onClick={() => {
                setText(note.note);
                setEditing(false);
              }}
            >
              Cancel
            </Button>
            <Button
              size="xs"
              loading={saving}
              disabled={!text.trim()}
              onClick={() => onSave(text.trim(), () => setEditing(false))}
            >
              Save
            </Button>
          </Group>
        </Stack>
      ) : (
        <Text size="sm" mt={4} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {note.note}
        </Text>
      )}
    </Card>
  );
}
