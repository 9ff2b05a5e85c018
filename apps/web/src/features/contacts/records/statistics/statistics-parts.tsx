import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { formatPhoneDisplay } from '@opsuite/shared/rules/phone';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { UserAvatar } from '../../../../components/avatar';

export function Figure({
  label,
  value,
  hint,
  highlight = false,
}: {
  label: string;
  value: ReactNode;
  hint?: string;
  highlight?: boolean;
}) {
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      bg={highlight ? 'var(--mantine-primary-color-light)' : undefined}
      style={highlight ? { borderColor: 'var(--mantine-primary-color-filled)' } : undefined}
      data-highlight={highlight || undefined}
    >
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="lg" fw={600} mt={4}>
        {value === '' || value === null || value === undefined ? '—' : value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}

export interface PersonLine {
  _id: string;
  fullName: string;
  photo: string | null;
  email: string | null;
  phone: string | null;
}

/** A short list of people from a statistics answer, each linking to their contact page. */
export function PeopleList<T extends PersonLine>({
  people,
  currentId,
  detail,
}: {
  people: T[];
  currentId: string;
  detail: (person: T) => string;
}) {
  return (
    <Stack gap={6}>
      {people.map((person) => (
        <Group key={person._id} gap="sm" wrap="nowrap" justify="space-between">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <UserAvatar name={person.fullName} src={person.photo} size={28} />
            <Stack gap={0} miw={0}>
              <Anchor
                component={Link}
                to={`/contacts/${person._id}`}
                size="sm"
                fw={person._id === currentId ? 700 : 400}
                truncate
              >
                {person.fullName}
                {person._id === currentId ? ' (this contact)' : ''}
              </Anchor>
              <Text size="xs" c="dimmed" truncate>
                {person.email || formatPhoneDisplay(person.phone)}
              </Text>
            </Stack>
          </Group>
          <Text size="xs" c="dimmed" style={{ flex: 'none' }}>
            {detail(person)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
