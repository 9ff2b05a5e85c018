import {
  ActionIcon,
  Anchor,
  Button,
  Card,
  Group,
  Loader,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast, toastFailure } from '../../../app/toast';
import { UserAvatar } from '../../../components/avatar';
import type { PickerContact } from '../contacts.types';
import { ContactPicker } from '../picker/contact-picker';
import { useFamily, useFamilyMutations } from './records.api';

/** Family members of a contact: a list with add (through the contact picker) and remove. */
export function FamilyCard({ contactId, canEdit }: { contactId: string; canEdit: boolean }) {
  const family = useFamily(contactId);
  const { add, remove } = useFamilyMutations(contactId);
  const [adding, setAdding] = useState(false);
  const [member, setMember] = useState<PickerContact | null>(null);
  const [relation, setRelation] = useState('');
  const members = family.data ?? [];

  const submit = () => {
    if (!member) return;
    add.mutate(
      { memberContactId: member._id, relation: relation.trim() || null },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          setMember(null);
          setRelation('');
          setAdding(false);
        },
        onError: (error) => toastFailure(error),
      },
    );
  };

  return (
    <Card padding="lg" h="100%">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={4}>Family members</Title>
          {canEdit && !adding && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconUserPlus size={14} />}
              onClick={() => setAdding(true)}
            >
              Add
            </Button>
          )}
        </Group>
        {adding && (
          <Stack gap="xs">
            <ContactPicker
              label="Family member"
              value={member}
              onChange={setMember}
              excludeIds={[contactId, ...members.map((m) => m.contact._id)]}
            />
            <TextInput
              label="Relation"
              placeholder="Spouse, child, parent…"
              value={relation}
              onChange={(event) => setRelation(event.currentTarget.value)}
            />
            <Group justify="flex-end" gap="xs">
              <Button size="xs" variant="default" onClick={() => setAdding(false)}>
                Cancel
              </Button>
              <Button size="xs" onClick={submit} disabled={!member} loading={add.isPending}>
                Add member
              </Button>
            </Group>
          </Stack>
        )}
        {family.isPending && <Loader size="sm" />}
        {family.isSuccess && members.length === 0 && (
          <Text size="sm" c="dimmed">
            No family members yet.
          </Text>
        )}
        {members.map((link) => (
          <Group key={link._id} justify="space-between" wrap="nowrap">
            <Group gap="sm" wrap="nowrap" miw={0}>
              <UserAvatar name={link.contact.fullName} src={link.contact.photo} size={32} />
              <Stack gap={0} miw={0}>
                <Anchor component={Link} to={`/contacts/${link.contact._id}`} size="sm" truncate>
                  {link.contact.fullName}
                </Anchor>
                {link.relation && (
                  <Text size="xs" c="dimmed">
                    {link.relation}
                  </Text>
                )}
              </Stack>
            </Group>
            {canEdit && (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove ${link.contact.fullName}`}
                loading={remove.isPending && remove.variables === link._id}
                onClick={() =>
                  remove.mutate(link._id, {
                    onSuccess: (answer) => toast.success(answer.message),
                    onError: (error) => toastFailure(error),
                  })
                }
              >
                <IconTrash size={16} />
              </ActionIcon>
            )}
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
