import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatPhoneDisplay } from '@opsuite/shared/rules/phone';
import { IconMail, IconPencil, IconPhone, IconTrash } from '@tabler/icons-react';
import { useIsPhone } from '../../../app/use-is-phone';
import { UserAvatar } from '../../../components/avatar';
import { StatusBadge } from '../contact-cells';
import type { Contact } from '../contacts.types';

export interface ContactHeaderProps {
  contact: Contact;
  onEdit?: () => void;
  onDelete?: () => void;
}

/** Who the contact is, at a glance, with edit and delete. */
export function ContactHeader({ contact, onEdit, onDelete }: ContactHeaderProps) {
  const isPhone = useIsPhone();
  const phone = formatPhoneDisplay(contact.phone);
  return (
    <Card padding={isPhone ? 'md' : 'lg'} mb="md">
      <Group justify="space-between" align="flex-start" gap="md">
        <Group gap="md" wrap="nowrap" miw={0} style={{ flex: '1 1 280px' }}>
          <UserAvatar name={contact.fullName} src={contact.photo} size={isPhone ? 48 : 64} />
          <Stack gap={4} miw={0}>
            <Title order={2} size="h3" lineClamp={2}>
              {contact.fullName}
            </Title>
            <Group gap={isPhone ? 2 : 'md'} display={isPhone ? 'block' : undefined}>
              {contact.email && (
                <Group gap={4} wrap="nowrap">
                  <IconMail size={14} />
                  <Text size="sm" c="dimmed" truncate>
                    {contact.email}
                  </Text>
                </Group>
              )}
              {phone && (
                <Group gap={4} wrap="nowrap">
                  <IconPhone size={14} />
                  <Text size="sm" c="dimmed">
                    {phone}
                  </Text>
                </Group>
              )}
            </Group>
            <Group gap={6}>
              <StatusBadge contact={contact} />
              {contact.contactType && (
                <Badge size="sm" variant="outline">
                  {contact.contactType.name}
                </Badge>
              )}
              {contact.stage && (
                <Badge size="sm" variant="light" color="violet">
                  {contact.stage.name}
                </Badge>
              )}
              {contact.currentRank && (
                <Badge size="sm" variant="light" color="yellow">
                  {contact.currentRank.rankName}
                </Badge>
              )}
            </Group>
          </Stack>
        </Group>
        <Group gap="xs">
          {onEdit && (
            <Button variant="light" leftSection={<IconPencil size={16} />} onClick={onEdit}>
              Edit
            </Button>
          )}
          {onDelete && (
            <Button variant="subtle" color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
              Delete
            </Button>
          )}
        </Group>
      </Group>
    </Card>
  );
}
