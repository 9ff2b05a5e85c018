import { Avatar, Group, Text, UnstyledButton } from '@mantine/core';
import { initials } from '@opsuite/shared/rules/initials';
import { Link } from 'react-router';
import { useSession } from '../auth-store';

/** The organisation's logo (or its initials in its theme colour) and name. */
export function Brand({ compact = false }: { compact?: boolean }) {
  const organization = useSession()?.organization;
  const name = organization?.name ?? 'OpSuite';
  return (
    <UnstyledButton component={Link} to="/" miw={0} aria-label={`${name} home`}>
      <Group gap="xs" wrap="nowrap" miw={0}>
        <Avatar
          src={organization?.logoLink || null}
          alt={name}
          radius="md"
          color="brand"
          variant="filled"
          size={34}
        >
          {initials(name)}
        </Avatar>
        {!compact && (
          <Text fw={700} size="lg" truncate maw={200}>
            {name}
          </Text>
        )}
      </Group>
    </UnstyledButton>
  );
}
