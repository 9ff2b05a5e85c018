import { Alert, Button, Group, Loader, Modal, Paper, Radio, ScrollArea, Stack, Text } from '@mantine/core';
import { formatPhoneDisplay } from '@opsuite/shared/rules/phone';
import { useEffect, useState } from 'react';
import { failureText, toast } from '../../../app/toast';
import { UserAvatar } from '../../../components/avatar';
import { CONTACT_MESSAGES } from '../contact-messages';
import { useDuplicates, useMergeContacts } from '../contacts.api';
import type { PickerContact } from '../contacts.types';

interface MergeCandidate {
  _id: string;
  fullName: string;
  photo: string | null;
  email: string | null;
  phone: string | null;
  contactType?: PickerContact['contactType'];
}

export interface MergeModalProps {
  opened: boolean;
  onClose: () => void;
  /** Contacts chosen in the list; without them the duplicates found by the server are offered. */
  candidates?: MergeCandidate[];
  onMerged?: () => void;
}

/** Merge duplicates into one contact: pick the one to keep, the others' records move to it. */
export function MergeModal({ opened, onClose, candidates, onMerged }: MergeModalProps) {
  const fromSelection = (candidates?.length ?? 0) > 1;
  const duplicates = useDuplicates(opened && !fromSelection);
  const groups = fromSelection
    ? [{ key: 'selection', title: 'Selected contacts', contacts: candidates ?? [] }]
    : (duplicates.data?.list ?? []).map((group) => ({
        key: `${group.by}:${group.key}`,
        title:
          group.by === 'email' ? `Same email: ${group.key}` : `Same phone: ${formatPhoneDisplay(group.key)}`,
        contacts: group.contacts,
      }));

  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={opened}
      onClose={onClose}
      title="Merge contacts"
      size="lg"
    >
      <Stack>
        <Text size="sm" c="dimmed">
          Choose the contact to keep. Notes, files, activities, tags and bookings of the others move to it,
          and the others are removed.
        </Text>
        {!fromSelection && duplicates.isPending && <Loader size="sm" mx="auto" />}
        {!fromSelection && duplicates.isError && <Alert color="red">Unable to load duplicates</Alert>}
        {!fromSelection && duplicates.isSuccess && groups.length === 0 && (
          <Alert color="gray" variant="light">
            No duplicates found. Contacts with the same email or phone show up here.
          </Alert>
        )}
        <ScrollArea.Autosize mah="60vh" type="auto">
          <Stack gap="sm">
            {groups.map((group) => (
              <MergeGroup
                key={group.key}
                title={group.title}
                contacts={group.contacts}
                onMerged={() => {
                  onMerged?.();
                  if (fromSelection || groups.length === 1) onClose();
                }}
              />
            ))}
          </Stack>
        </ScrollArea.Autosize>
      </Stack>
    </Modal>
  );
}

function MergeGroup({
  title,
  contacts,
  onMerged,
}: {
  title: string;
  contacts: MergeCandidate[];
  onMerged: () => void;
}) {
  const [keepId, setKeepId] = useState<string | null>(contacts[0]?._id ?? null);
  const [confirming, setConfirming] = useState(false);
  const merge = useMergeContacts();
  useEffect(() => {
    if (!contacts.some((c) => c._id === keepId)) setKeepId(contacts[0]?._id ?? null);
  }, [contacts, keepId]);

  const kept = contacts.find((c) => c._id === keepId);

  // mutateAsync, not mutate's callbacks: the merge reloads the duplicate groups before it
  // settles, and this group (merged, so gone from the list) can unmount first, which would
  // silently drop mutate's onSuccess and its toast.
  const submit = async () => {
    if (!keepId) return;
    const duplicateIds = contacts.map((c) => c._id).filter((id) => id !== keepId);
    try {
      await merge.mutateAsync({ primaryId: keepId, duplicateIds });
    } catch (error) {
      const message = failureText(error, CONTACT_MESSAGES.mergeFailed);
      if (message) toast.error(message);
      return;
    }
    toast.success(CONTACT_MESSAGES.merged);
    onMerged();
  };

  return (
    <Paper withBorder p="sm" role="group" aria-label={title}>
      <Text size="sm" fw={600} mb="xs">
        {title}
      </Text>
      <Radio.Group
        value={keepId}
        onChange={(id) => {
          setKeepId(id);
          setConfirming(false);
        }}
        aria-label={`Contact to keep, ${title}`}
      >
        <Stack gap="xs">
          {contacts.map((contact) => (
            <Radio
              key={contact._id}
              value={contact._id}
              aria-label={`Keep ${contact.fullName}`}
              label={
                <Group gap="xs" wrap="nowrap">
                  <UserAvatar name={contact.fullName} src={contact.photo} size={26} />
                  <div>
                    <Text size="sm">{contact.fullName}</Text>
                    <Text size="xs" c="dimmed">
                      {[contact.email, formatPhoneDisplay(contact.phone), contact.contactType?.name]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                  </div>
                </Group>
              }
            />
          ))}
        </Stack>
      </Radio.Group>
      {confirming && kept ? (
        <MergeConfirm
          kept={kept}
          removed={contacts.filter((c) => c._id !== kept._id)}
          pending={merge.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={submit}
        />
      ) : (
        <Group justify="flex-end" mt="sm">
          <Button size="xs" onClick={() => setConfirming(true)} disabled={!keepId || contacts.length < 2}>
            Merge into the kept contact
          </Button>
        </Group>
      )}
    </Paper>
  );
}

/** What a merge moves and removes, asked before anything is removed. */
function MergeConfirm({
  kept,
  removed,
  pending,
  onCancel,
  onConfirm,
}: {
  kept: MergeCandidate;
  removed: MergeCandidate[];
  pending: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const names = removed.map((c) => c.fullName).join(', ');
  return (
    <Alert color="red" variant="light" mt="sm" title={`Merge into ${kept.fullName}?`} role="alertdialog">
      <Text size="sm">
        Notes, files, activities, tags, family links, bookings and waitlist places, saved cards, contracts and
        invoices of {names} move to {kept.fullName}. Empty fields of {kept.fullName} are filled from them.
        Then {removed.length === 1 ? 'that contact is' : `those ${removed.length} contacts are`} removed. This
        cannot be undone.
      </Text>
      <Group justify="flex-end" gap="xs" mt="sm">
        <Button size="xs" variant="default" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button size="xs" color="red" onClick={onConfirm} loading={pending}>
          Confirm merge
        </Button>
      </Group>
    </Alert>
  );
}
