import { Anchor, Badge, Group, Text } from '@mantine/core';
import { formatPhoneDisplay } from '@opsuite/shared/rules/phone';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDateInZone, formatDay, useOrganizationTimeZone } from '../../app/zone-time';
import { UserAvatar } from '../../components/avatar';
import type { ListColumn } from './column-settings';
import type { Contact } from './contacts.types';
import { PaymentBadge, planText } from './payment-status';

/**
 * An instant (created, last attended) as 'Nov 23, 2026' on the organisation's calendar, or
 * `empty` when there is none.
 */
export function ZonedDate({ iso, empty = '' }: { iso: string | null | undefined; empty?: string }) {
  return <>{formatDateInZone(iso, useOrganizationTimeZone()) || empty}</>;
}

export function StatusBadge({ contact }: { contact: Contact }) {
  if (contact.isFormer) {
    return (
      <Badge size="sm" variant="light" color="gray">
        Former
      </Badge>
    );
  }
  return (
    <Badge size="sm" variant="light" color={contact.status === 'active' ? 'teal' : 'gray'}>
      {contact.status === 'active' ? 'Active' : 'Inactive'}
    </Badge>
  );
}

export function TagBadges({
  tags,
  max = 3,
  wrap = false,
}: {
  tags: Contact['tags'];
  max?: number;
  wrap?: boolean;
}) {
  if (tags.length === 0) return null;
  const rest = tags.length - max;
  return (
    <Group gap={4} wrap={wrap ? 'wrap' : 'nowrap'}>
      {tags.slice(0, max).map((tag) => (
        <Badge key={tag._id} size="sm" variant="light" color={tag.color ?? 'brand'} style={{ flex: 'none' }}>
          {tag.name}
        </Badge>
      ))}
      {rest > 0 && (
        <Text
          size="xs"
          c="dimmed"
          title={tags
            .slice(max)
            .map((t) => t.name)
            .join(', ')}
        >
          +{rest}
        </Text>
      )}
    </Group>
  );
}

export function ContactName({ contact }: { contact: Contact }) {
  return (
    <Group gap="sm" wrap="nowrap" miw={0}>
      <UserAvatar name={contact.fullName} src={contact.photo} size={30} />
      <Anchor
        component={Link}
        to={`/contacts/${contact._id}`}
        size="sm"
        fw={500}
        truncate
        onClick={(event) => event.stopPropagation()}
      >
        {contact.fullName}
      </Anchor>
    </Group>
  );
}

function customValue(value: Contact['customFields'][string] | undefined, fieldType: string): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (fieldType === 'date' && typeof value === 'string') return formatDay(value);
  return String(value);
}

/** What one cell of the contacts table shows. Every value is React text (names are escaped). */
export function cellContent(contact: Contact, column: ListColumn): ReactNode {
  if (column.customId) return customValue(contact.customFields[column.customId], column.fieldType);
  switch (column.key) {
    case 'fullName':
      return <ContactName contact={contact} />;
    case 'email':
      return contact.email ?? '';
    case 'phone':
      return formatPhoneDisplay(contact.phone);
    case 'contactType':
      return contact.contactType?.name ?? '';
    case 'status':
      return <StatusBadge contact={contact} />;
    case 'tags':
      return <TagBadges tags={contact.tags} />;
    case 'leadSource':
      return contact.leadSource?.name ?? '';
    case 'stage':
      return contact.stage?.name ?? '';
    case 'currentRank':
      return contact.currentRank?.rankName ?? '';
    case 'paymentStatus':
      return <PaymentBadge status={contact.paymentStatus} />;
    case 'plan':
      return planText(contact.plan);
    case 'lastAttendedAt':
      return <ZonedDate iso={contact.lastAttendedAt} />;
    case 'lastContactedAt':
      return <ZonedDate iso={contact.lastContactedAt} />;
    case 'createdAt':
      return <ZonedDate iso={contact.createdAt} />;
    case 'birthday':
      return formatDay(contact.birthday);
    case 'punchId':
      return contact.punchId ?? '';
    default: {
      const value = (contact as unknown as Record<string, unknown>)[column.key];
      return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
    }
  }
}
