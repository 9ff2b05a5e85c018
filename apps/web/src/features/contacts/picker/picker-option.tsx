import { Avatar, Badge, Group, Stack, Text } from '@mantine/core';
import { formatPhoneDisplay } from '@opsuite/shared/rules/phone';
import { UserAvatar } from '../../../components/avatar';
import type { PickerContact } from '../contacts.types';

export interface ContactPickerOptionProps {
  contact: PickerContact;
  showSmsOptOut?: boolean;
}

/** One option: avatar, name, e-mail or phone, and rank. Names are React text. */
export function ContactPickerOptionView({ contact, showSmsOptOut = false }: ContactPickerOptionProps) {
  const reach = contact.email || formatPhoneDisplay(contact.phone);
  const rank = contact.currentRank;
  return (
    <Group gap="sm" wrap="nowrap" justify="space-between">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <UserAvatar name={contact.fullName} src={contact.photo} size={32} />
        <Stack gap={0} miw={0}>
          <Text size="sm" fw={500} truncate>
            {contact.fullName}
          </Text>
          {reach && (
            <Text size="xs" c="dimmed" truncate>
              {reach}
            </Text>
          )}
        </Stack>
      </Group>
      <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
        {contact.isFormer && (
          <Badge size="xs" variant="light" color="gray">
            Former
          </Badge>
        )}
        {showSmsOptOut && contact.stopSms && (
          <Badge size="xs" variant="light" color="orange">
            SMS opt-out
          </Badge>
        )}
        {rank && (
          <Badge
            size="sm"
            variant="light"
            leftSection={rank.rankImage ? <Avatar src={rank.rankImage} size={14} alt="" /> : undefined}
            title={rank.categoryName}
          >
            {rank.rankName}
          </Badge>
        )}
      </Group>
    </Group>
  );
}
