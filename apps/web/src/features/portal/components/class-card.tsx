import { Badge, Box, Button, Card, Flex, Group, Stack, Text } from '@mantine/core';
import type { PortalClass } from '@opsuite/shared';
import { IconCheck, IconHourglass, IconUser } from '@tabler/icons-react';
import type { CSSProperties } from 'react';
import classes from '../portal.module.css';
import { clock, durationText, ordinal, seatsText } from '../portal-format';

// One class of the day: when, what, with whom, how many seats are left, and the one thing the
// member can do about it (book, cancel, join or leave the waitlist), as a big button.

export type ClassAction = 'book' | 'cancel' | 'join' | 'leave';

interface Props {
  item: PortalClass;
  busy: ClassAction | null;
  onAction: (action: ClassAction, item: PortalClass) => void;
}

function Action({ item, busy, onAction }: Props) {
  const common = { size: 'md' as const, radius: 'xl' as const, fullWidth: true, miw: 150 };
  if (item.booking?.status === 'completed') {
    return (
      <Button {...common} variant="light" color="green" leftSection={<IconCheck size={18} />} disabled>
        Checked in
      </Button>
    );
  }
  if (item.started) {
    return (
      <Button {...common} variant="default" disabled>
        {item.booking ? 'In progress' : 'Started'}
      </Button>
    );
  }
  if (item.booking) {
    return (
      <Button
        {...common}
        variant="light"
        color="red"
        loading={busy === 'cancel'}
        onClick={() => onAction('cancel', item)}
      >
        Cancel booking
      </Button>
    );
  }
  if (item.waitlist) {
    return (
      <Button
        {...common}
        variant="default"
        loading={busy === 'leave'}
        onClick={() => onAction('leave', item)}
      >
        Leave waitlist
      </Button>
    );
  }
  if (item.seatsLeft === 0) {
    return (
      <Button
        {...common}
        variant="outline"
        leftSection={<IconHourglass size={18} />}
        loading={busy === 'join'}
        onClick={() => onAction('join', item)}
      >
        Join waitlist
      </Button>
    );
  }
  return (
    <Button {...common} loading={busy === 'book'} onClick={() => onAction('book', item)}>
      Book
    </Button>
  );
}

export function ClassCard({ item, busy, onAction }: Props) {
  const seats = seatsText(item.seatsLeft);
  return (
    <Card
      padding="md"
      radius="lg"
      withBorder
      className={classes.classCard}
      style={{ '--class-color': item.color } as CSSProperties}
      data-testid="portal-class"
      aria-label={`${item.title} at ${clock(item.startTime)}`}
      opacity={item.started && !item.booking ? 0.65 : 1}
    >
      <Flex direction={{ base: 'column', sm: 'row' }} gap="sm" align={{ base: 'stretch', sm: 'center' }}>
        <Group align="flex-start" wrap="nowrap" gap="md" style={{ flex: 1, minWidth: 0 }}>
          <div className={classes.timeColumn}>
            <Text fw={800} size="lg" lh={1.1}>
              {clock(item.startTime)}
            </Text>
            <Text size="sm" c="dimmed">
              {durationText(item.startTime, item.endTime)}
            </Text>
          </div>
          <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
            <Text fw={700} size="lg" lh={1.2}>
              {item.title}
            </Text>
            {item.instructor && (
              <Group gap={4} c="dimmed">
                <IconUser size={14} />
                <Text size="sm">with {item.instructor.fullName}</Text>
              </Group>
            )}
            {item.description && (
              <Text size="sm" c="dimmed" lineClamp={3}>
                {item.description}
              </Text>
            )}
            <Group gap={6} mt={2}>
              {item.booking?.status === 'booked' && (
                <Badge color="brand" variant="filled" tt="none" leftSection={<IconCheck size={12} />}>
                  You're booked
                </Badge>
              )}
              {item.waitlist && (
                <Badge color="violet" variant="light" tt="none" data-testid="waitlist-place">
                  {ordinal(item.waitlist.position)} of {item.waitlist.length} on the waitlist
                </Badge>
              )}
              {!item.booking && !item.waitlist && (
                <Badge color={seats.color} variant="light" tt="none" data-testid="seats">
                  {seats.label}
                </Badge>
              )}
              {!item.waitlist && item.seatsLeft === 0 && item.waitlistLength > 0 && (
                <Badge color="gray" variant="light" tt="none">
                  {item.waitlistLength} waiting
                </Badge>
              )}
            </Group>
          </Stack>
        </Group>
        <Box w={{ base: '100%', sm: 170 }} style={{ flex: 'none' }}>
          <Action item={item} busy={busy} onAction={onAction} />
        </Box>
      </Flex>
    </Card>
  );
}
