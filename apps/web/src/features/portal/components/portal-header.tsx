import { Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { PortalBooking, PortalMe } from '@opsuite/shared';
import { initials } from '@opsuite/shared/rules/initials';
import { IconAlertTriangle, IconQrcode } from '@tabler/icons-react';
import { useSession } from '../../../app/auth-store';
import { planText } from '../../contacts';
import classes from '../portal.module.css';
import { clock, dayName, todayOf } from '../portal-format';

// The top of the portal in the organisation's colour: its logo and name, a greeting, the
// member's plan, a warning when a payment is past due, the next class, and the card one tap away.

interface Props {
  me: PortalMe | undefined;
  next: PortalBooking | undefined;
  /** One line (the organisation and the greeting) instead of the whole card. */
  compact?: boolean;
  onShowCard: () => void;
  onPay: () => void;
}

function OrgLogo({ name, logoLink }: { name: string; logoLink: string | null }) {
  return (
    <div className={classes.logo} aria-hidden>
      {logoLink ? (
        <img src={logoLink} alt="" />
      ) : (
        <Text fw={800} c="brand" size="lg">
          {initials(name)}
        </Text>
      )}
    </div>
  );
}

/** The greeting and the organisation come with the session; the rest once the portal answers. */
export function PortalHeader({ me, next, compact = false, onShowCard, onPay }: Props) {
  const session = useSession();
  if (!session) return <Skeleton height={compact ? 72 : 168} radius="lg" />;
  const org = me?.organization ?? session.organization;
  const today = todayOf(org.timeZone);
  if (compact) {
    return (
      <Paper className={classes.hero} radius="lg" px="md" py="sm">
        <Group gap="sm" wrap="nowrap" pos="relative" style={{ zIndex: 1 }}>
          <OrgLogo name={org.name} logoLink={org.logoLink} />
          <div style={{ minWidth: 0 }}>
            <Text size="xs" fw={600} opacity={0.9} truncate data-testid="organization-name">
              {org.name}
            </Text>
            <Text fw={700} size="lg" truncate>
              Hello, {session.userData.fullName}
            </Text>
          </div>
        </Group>
      </Paper>
    );
  }
  return (
    <Paper className={classes.hero} radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md" pos="relative" style={{ zIndex: 1 }}>
        <Group gap="sm" wrap="nowrap">
          <OrgLogo name={org.name} logoLink={org.logoLink} />
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} opacity={0.9} truncate data-testid="organization-name">
              {org.name}
            </Text>
            <Title order={2} c="white" lh={1.15} fz={{ base: 24, sm: 30 }}>
              Hello, {session.userData.fullName}
            </Title>
          </div>
        </Group>
        {me && (
          <Group gap="xs">
            <Badge variant="white" color="dark" radius="sm" size="lg" tt="none">
              {planText(me.member.plan)}
            </Badge>
            {me.member.paymentStatus === 'frozen' && (
              <Badge color="cyan" variant="filled" radius="sm" size="lg" tt="none">
                Membership frozen
              </Badge>
            )}
          </Group>
        )}
        {me?.member.paymentStatus === 'past_due' && (
          <Paper radius="md" p="sm" bg="rgb(255 255 255 / 0.95)">
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Group gap="xs" wrap="nowrap">
                <IconAlertTriangle size={20} color="var(--mantine-color-red-7)" />
                <Text size="sm" c="red.8" fw={600}>
                  A payment is past due
                </Text>
              </Group>
              <Button size="sm" color="red" onClick={onPay}>
                Pay now
              </Button>
            </Group>
          </Paper>
        )}
        <Group justify="space-between" align="end" wrap="nowrap" gap="sm">
          <div style={{ minWidth: 0 }}>
            <Text size="xs" tt="uppercase" fw={700} opacity={0.8}>
              Next class
            </Text>
            <Text fw={600} truncate>
              {next
                ? `${next.title} · ${dayName(next.date, today)} ${clock(next.startTime)}`
                : 'Nothing booked yet'}
            </Text>
          </div>
          <Button
            variant="white"
            color="dark"
            size="md"
            radius="xl"
            leftSection={<IconQrcode size={20} />}
            onClick={onShowCard}
            style={{ flex: 'none' }}
          >
            My card
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
