import { Card, Checkbox, Group, Stack, Text } from '@mantine/core';
import { formatPhoneDisplay } from '@opsuite/shared/rules/phone';
import { useNavigate } from 'react-router';
import { UserAvatar } from '../../../components/avatar';
import { StatusBadge, TagBadges } from '../contact-cells';
import { type ContactRowsProps, RowMenu } from './contacts-table';

/** The phone list: a card per contact instead of a table row. */
export function ContactCards(props: ContactRowsProps) {
  const navigate = useNavigate();
  return (
    <Stack gap="xs">
      {props.contacts.map((contact) => {
        const reach = [contact.email, formatPhoneDisplay(contact.phone)].filter(Boolean);
        return (
          <Card
            key={contact._id}
            padding="sm"
            withBorder
            data-contact-id={contact._id}
            onClick={() => navigate(`/contacts/${contact._id}`)}
            style={{ cursor: 'pointer' }}
          >
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <Checkbox
                mt={8}
                aria-label={`Select ${contact.fullName}`}
                checked={props.selected.has(contact._id)}
                onClick={(event) => event.stopPropagation()}
                onChange={(event) => props.onToggle(contact._id, event.currentTarget.checked)}
              />
              <UserAvatar name={contact.fullName} src={contact.photo} size={40} />
              <Stack gap={2} miw={0} style={{ flex: 1 }}>
                <Text fw={600} size="sm" truncate>
                  {contact.fullName}
                </Text>
                {reach.map((line) => (
                  <Text key={line} size="xs" c="dimmed" truncate>
                    {line}
                  </Text>
                ))}
                <Group gap={4} mt={4}>
                  <StatusBadge contact={contact} />
                  {contact.contactType && (
                    <Text size="xs" c="dimmed">
                      {contact.contactType.name}
                    </Text>
                  )}
                  {contact.stage && (
                    <Text size="xs" c="dimmed">
                      · {contact.stage.name}
                    </Text>
                  )}
                </Group>
                <TagBadges tags={contact.tags} max={2} />
              </Stack>
              <RowMenu contact={contact} {...props} />
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}
