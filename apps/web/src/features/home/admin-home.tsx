import { Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconBuilding } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useSession } from '../../app/auth-store';
import { moduleCards, useMenu } from '../../app/menu';
import { UserAvatar } from '../../components/avatar';

/** The owner's and admins' landing at `/`: a welcome and one card per module the plan shows. */
export function AdminHome() {
  const session = useSession();
  const menu = useMenu();
  if (!session) return null;
  const { userData, organization } = session;
  const cards = moduleCards(userData.ability, userData.userType, menu);

  return (
    <Stack gap="xl" maw={1200} mx="auto">
      <Card padding="xl" radius="lg">
        <Group gap="lg" wrap="nowrap" align="center">
          <UserAvatar name={userData.fullName} src={userData.photo} size={64} visibleFrom="xs" />
          <Stack gap={6} miw={0}>
            <Title order={2}>Welcome back, {userData.fullName}</Title>
            <Group gap="xs">
              <Group gap={6} wrap="nowrap">
                <IconBuilding size={16} />
                <Text c="dimmed" data-testid="organization-name">
                  {organization.name}
                </Text>
              </Group>
              <Badge variant="light" data-testid="role-label">
                {userData.roleLabel}
              </Badge>
            </Group>
          </Stack>
        </Group>
      </Card>

      <Stack gap="sm">
        <Title order={3}>Your modules</Title>
        {cards.length === 0 ? (
          <Text c="dimmed">Your plan has no modules yet.</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="lg">
            {cards.map((entry) => {
              const Icon = entry.icon;
              return (
                <Card
                  key={entry.path}
                  component={Link}
                  to={entry.path}
                  padding="lg"
                  aria-label={entry.label}
                  style={{ textDecoration: 'none' }}
                >
                  <Stack gap="sm">
                    <Group justify="space-between">
                      <ThemeIcon size={44} radius="md" variant="light">
                        <Icon size={24} />
                      </ThemeIcon>
                      <IconArrowRight size={18} color="var(--mantine-color-dimmed)" />
                    </Group>
                    <Text fw={600}>{entry.label}</Text>
                    {entry.description && (
                      <Text size="sm" c="dimmed">
                        {entry.description}
                      </Text>
                    )}
                  </Stack>
                </Card>
              );
            })}
          </SimpleGrid>
        )}
      </Stack>
    </Stack>
  );
}
