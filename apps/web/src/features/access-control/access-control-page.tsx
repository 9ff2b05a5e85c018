import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBuilding, IconId, IconMail } from '@tabler/icons-react';
import { useSession } from '../../app/auth-store';
import { UserAvatar } from '../../components/avatar';

/** A member's landing after sign-in (core §2): who they are and where. */
export function AccessControlPage() {
  const session = useSession();
  if (!session) return null;
  const { userData, organization } = session;
  const rows = [
    { icon: IconBuilding, label: 'Organisation', value: organization.name },
    { icon: IconId, label: 'Role', value: userData.roleLabel },
    { icon: IconMail, label: 'Email', value: userData.email },
  ];

  return (
    <Stack gap="xl" maw={900} mx="auto">
      <Card padding="xl">
        <Stack align="center" gap="sm" ta="center">
          <UserAvatar name={userData.fullName} src={userData.photo} size={88} />
          <Title order={2}>Hello, {userData.fullName}</Title>
          <Group gap="xs" justify="center">
            <Text c="dimmed" data-testid="organization-name">
              {organization.name}
            </Text>
            <Badge variant="light" data-testid="role-label">
              {userData.roleLabel}
            </Badge>
          </Group>
        </Stack>
      </Card>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {rows.map(({ icon: Icon, label, value }) => (
          <Card key={label} padding="lg">
            <Group gap="sm" wrap="nowrap">
              <Icon size={22} color="var(--mantine-primary-color-filled)" />
              <div style={{ minWidth: 0 }}>
                <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                  {label}
                </Text>
                <Text fw={500} truncate>
                  {value}
                </Text>
              </div>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
