import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { can } from '@opsuite/shared/rules/permissions';
import { IconAddressBook, IconCalendarTime, IconClipboardCheck, IconClock } from '@tabler/icons-react';
import { Suspense } from 'react';
import { Link } from 'react-router';
import { useOrganizationId, useSession } from '../../app/auth-store';
import { useSlots } from '../../app/slots';
import { hhmmInZone, todayInZone, useOrganizationTimeZone } from '../../app/zone-time';
import { UserAvatar } from '../../components/avatar';
import { LoadingSpinner } from '../../components/loading-spinner';
import { useMyClassesToday } from './home.api';

// The employee's landing at `/`: what their role allows, nothing else. Their classes today (the
// classes they are the effective instructor of) with a link to take attendance in the calendar,
// their time clock (clock in, breaks, end work, the next shift) and schedule when the role reads
// staff, and the contacts when it reads those.

/** The calendar on one day, where the class's drawer takes attendance. */
export const attendancePath = (date: string) => `/calendar?date=${date}&view=timeGridDay`;

export function StaffHome() {
  const session = useSession();
  const orgId = useOrganizationId();
  const timeZone = useOrganizationTimeZone();
  const ability = session?.userData.ability ?? [];
  const contactId = session?.userData.curRole.contactId ?? null;
  const readsCalendar = can(ability, 'read', 'calendar');
  const readsStaff = can(ability, 'read', 'staff');
  // Other features' cards (staff's time clock), as the role allows.
  const cards = useSlots().staffHomeCards.filter((c) => !c.resource || can(ability, 'read', c.resource));
  const classes = useMyClassesToday(orgId, contactId, timeZone, readsCalendar);
  if (!session) return null;
  const { userData, organization } = session;
  const today = todayInZone(timeZone);
  const links = [
    readsStaff && { label: 'Time clock', path: '/staff/time-clock', icon: IconClock },
    readsStaff && {
      label: 'My schedule',
      path: '/staff/my-schedule',
      icon: IconCalendarTime,
    },
    can(ability, 'read', 'contacts') && { label: 'Contacts', path: '/contacts', icon: IconAddressBook },
  ].filter((link) => link !== false);

  return (
    <Stack gap="xl" maw={960} mx="auto" data-testid="staff-home">
      <Card padding="xl" radius="lg">
        <Group gap="lg" wrap="nowrap">
          <UserAvatar name={userData.fullName} src={userData.photo} size={64} visibleFrom="xs" />
          <Stack gap={6} miw={0}>
            <Title order={2}>Welcome back, {userData.fullName}</Title>
            <Group gap="xs">
              <Text c="dimmed" data-testid="organization-name">
                {organization.name}
              </Text>
              <Badge variant="light" data-testid="role-label">
                {userData.roleLabel}
              </Badge>
            </Group>
          </Stack>
        </Group>
      </Card>

      {cards.map((card) => (
        <Stack gap="sm" key={card.key}>
          <Title order={3}>{card.title}</Title>
          <Suspense fallback={<LoadingSpinner />}>
            <card.view />
          </Suspense>
        </Stack>
      ))}

      {readsCalendar && (
        <Stack gap="sm">
          <Title order={3}>Your classes today</Title>
          {classes.isPending && contactId ? (
            <LoadingSpinner />
          ) : (classes.data ?? []).length === 0 ? (
            <Text c="dimmed">You are not teaching any classes today.</Text>
          ) : (
            <Stack gap="sm">
              {(classes.data ?? []).map((item) => (
                <Card key={item.id} padding="md" data-testid="my-class">
                  <Group justify="space-between" wrap="wrap" gap="sm">
                    <Stack gap={2} miw={0}>
                      <Text fw={600}>{item.title}</Text>
                      <Text size="sm" c="dimmed">
                        {hhmmInZone(item.start, timeZone)} - {hhmmInZone(item.end, timeZone)}
                        {' · '}
                        {item.extendedProps.bookedCount ?? 0}
                        {item.extendedProps.capacity ? ` / ${item.extendedProps.capacity}` : ''} booked
                      </Text>
                    </Stack>
                    <Button
                      component={Link}
                      to={attendancePath(today)}
                      variant="light"
                      leftSection={<IconClipboardCheck size={16} />}
                    >
                      Take attendance
                    </Button>
                  </Group>
                </Card>
              ))}
            </Stack>
          )}
        </Stack>
      )}

      {links.length > 0 && (
        <SimpleGrid cols={{ base: 1, xs: links.length }} spacing="md">
          {links.map((link) => (
            <Card
              key={link.path}
              component={Link}
              to={link.path}
              padding="md"
              style={{ textDecoration: 'none' }}
            >
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon size={40} radius="md" variant="light">
                  <link.icon size={22} />
                </ThemeIcon>
                <Text fw={600}>{link.label}</Text>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
