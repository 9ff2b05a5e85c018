import { ActionIcon, Anchor, Badge, Button, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import type { BookingGroupAnswer } from '@opsuite/shared';
import { IconCheck, IconCopy, IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { bookingGroupCalls, publicBookingLink, useBookingGroups, useBookingWrite } from '../booking.api';
import { BOOKING_TEXT } from '../booking-messages';
import { BookingGroupModal } from './booking-group-modal';
import { confirmDelete, SetupList, SetupRow } from './setup-list';

/** The public link of a group with a copy button. */
export function PublicLink({ slug }: { slug: string }) {
  const link = publicBookingLink(slug);
  return (
    <Group gap={4} wrap="nowrap" miw={0}>
      <Anchor href={link} target="_blank" rel="noreferrer" size="sm" truncate data-testid="public-link">
        {link}
      </Anchor>
      <CopyButton value={link}>
        {({ copied, copy }) =>
          copied ? (
            <Button size="compact-xs" variant="light" color="teal" leftSection={<IconCheck size={12} />}>
              Copied
            </Button>
          ) : (
            <Tooltip label="Copy link">
              <ActionIcon variant="subtle" color="gray" size="sm" onClick={copy} aria-label="Copy link">
                <IconCopy size={14} />
              </ActionIcon>
            </Tooltip>
          )
        }
      </CopyButton>
      <Tooltip label="Open page">
        <ActionIcon
          component="a"
          href={link}
          target="_blank"
          rel="noreferrer"
          variant="subtle"
          color="gray"
          size="sm"
          aria-label="Open public page"
        >
          <IconExternalLink size={14} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** Booking groups: a set of booking types offered through one public link. */
export function BookingGroupPanel({ canWrite, canDelete }: { canWrite: boolean; canDelete: boolean }) {
  const groups = useBookingGroups();
  const remove = useBookingWrite(bookingGroupCalls.remove, BOOKING_TEXT.deleted);
  const [target, setTarget] = useState<BookingGroupAnswer | 'new' | null>(null);
  const list = groups.data ?? [];

  return (
    <>
      <SetupList
        title="Booking groups"
        description="Share a group's public link: visitors pick a time from its booking types and book."
        addLabel="Add booking group"
        onAdd={canWrite ? () => setTarget('new') : undefined}
        loading={groups.isPending}
        error={groups.error}
        emptyText="No booking groups yet."
        count={list.length}
      >
        {list.map((group) => (
          <SetupRow
            key={group._id}
            name={group.name}
            onEdit={canWrite ? () => setTarget(group) : undefined}
            onDelete={
              canDelete
                ? () =>
                    confirmDelete(
                      group.name,
                      'Its public link stops working. Bookings already made stay.',
                      () => remove.mutate(group._id),
                    )
                : undefined
            }
          >
            <Group gap="xs">
              <Text fw={600}>{group.name}</Text>
              {!group.isActive && (
                <Badge color="gray" variant="light">
                  Inactive
                </Badge>
              )}
            </Group>
            <Group gap={4}>
              {group.bookingTypes.map((t) => (
                <Badge key={t._id} variant="outline" size="sm">
                  {t.title}
                </Badge>
              ))}
            </Group>
            <PublicLink slug={group.slug} />
          </SetupRow>
        ))}
      </SetupList>
      <BookingGroupModal target={target} onClose={() => setTarget(null)} />
    </>
  );
}
