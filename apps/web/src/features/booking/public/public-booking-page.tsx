import {
  Avatar,
  Box,
  Button,
  Card,
  Center,
  Container,
  Grid,
  Group,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import type { PublicSlot } from '@opsuite/shared';
import { initials } from '@opsuite/shared/rules/initials';
import { themeBackground } from '@opsuite/shared/rules/theme-color';
import { IconCalendarOff, IconCircleCheck } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useParams } from 'react-router';
import { toast } from '../../../app/toast';
import { useIsPhone } from '../../../app/use-is-phone';
import { formatDayLabel, formatTimeRange } from '../../../app/zone-time';
import { LoadingSpinner } from '../../../components/loading-spinner';
import { BOOKING_TEXT } from '../booking-messages';
import { accentColor } from '../components/theme-live-preview';
import { DEFAULT_THEMES } from '../theme.api';
import { BookingForm } from './booking-form';
import { usePublicBook, usePublicBookingPage } from './public-booking.api';
import { SlotPicker } from './slot-picker';

function Unavailable() {
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color="gray">
          <IconCalendarOff size={36} />
        </ThemeIcon>
        <Title order={2}>This booking link is not available</Title>
        <Text c="dimmed">Check the link you were given, or ask the business for a new one.</Text>
      </Stack>
    </Center>
  );
}

/** The public page of a booking group: a visitor picks a time and books. */
export function PublicBookingPage() {
  const { slug = '' } = useParams();
  const isPhone = useIsPhone();
  const page = usePublicBookingPage(slug);
  const book = usePublicBook(slug);
  const [selected, setSelected] = useState<PublicSlot | null>(null);
  const [booked, setBooked] = useState<PublicSlot | null>(null);
  const formRef = useRef<HTMLDivElement>(null);

  if (page.isPending) return <LoadingSpinner fullScreen />;
  if (page.isError || !page.data) return <Unavailable />;
  const { organization, group, slots } = page.data;
  const theme = page.data.theme ?? DEFAULT_THEMES.booking;
  const accent = accentColor(theme);

  const choose = (slot: PublicSlot) => {
    setSelected(slot);
    book.reset();
    if (isPhone) setTimeout(() => formRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }), 0);
  };
  const submit = (body: Parameters<typeof book.mutate>[0]) =>
    book.mutate(body, {
      onSuccess: () => {
        toast.success(BOOKING_TEXT.bookedSuccessfully);
        setBooked(selected);
        setSelected(null);
      },
    });

  return (
    <Box mih="100dvh" bg="var(--mantine-color-gray-0)" pb="xl">
      <Box
        style={{ background: themeBackground(theme) }}
        c="white"
        pt={isPhone ? 'lg' : 40}
        pb={isPhone ? 64 : 96}
      >
        <Container size="lg">
          <Group gap="md" wrap="nowrap">
            <Avatar
              src={organization.logoLink}
              size={isPhone ? 48 : 64}
              radius="md"
              color="white"
              variant="white"
            >
              <Text fw={700} c="dark">
                {initials(organization.name)}
              </Text>
            </Avatar>
            <Stack gap={2} miw={0}>
              <Text fw={600} size="sm" opacity={0.9} data-testid="public-organization">
                {organization.name}
              </Text>
              <Title order={1} size={isPhone ? 'h3' : 'h2'}>
                {group.name}
              </Title>
            </Stack>
          </Group>
          {group.description && (
            <Text mt="sm" maw={640} opacity={0.95}>
              {group.description}
            </Text>
          )}
        </Container>
      </Box>
      <Container size="lg" mt={isPhone ? -48 : -72}>
        {booked ? (
          <Card padding="xl" radius="lg" shadow="md" ta="center">
            <Stack align="center" gap="sm">
              <ThemeIcon size={64} radius="xl" color="teal" variant="light">
                <IconCircleCheck size={40} />
              </ThemeIcon>
              <Title order={2}>{BOOKING_TEXT.bookedSuccessfully}</Title>
              <Text>
                {booked.bookingType.title} ·{' '}
                {formatDayLabel(booked.date, { weekday: 'long', year: 'numeric' })} ·{' '}
                {formatTimeRange(booked.startTime, booked.endTime)}
              </Text>
              <Text c="dimmed" size="sm">
                {organization.name} has your details and will see you then.
              </Text>
              <Button variant="light" color={accent} onClick={() => setBooked(null)}>
                Book another time
              </Button>
            </Stack>
          </Card>
        ) : (
          <Grid gap="md">
            <Grid.Col span={{ base: 12, md: 7 }}>
              <Card padding={isPhone ? 'md' : 'lg'} radius="lg" shadow="md">
                <Title order={3} size="h4" mb="md">
                  Choose a time
                </Title>
                {slots.length === 0 ? (
                  <Text c="dimmed">No upcoming times are open right now. Please check back later.</Text>
                ) : (
                  <SlotPicker
                    slots={slots}
                    selectedId={selected?._id ?? null}
                    onSelect={choose}
                    accent={accent}
                  />
                )}
              </Card>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 5 }}>
              <Card
                ref={formRef}
                padding={isPhone ? 'md' : 'lg'}
                radius="lg"
                shadow="md"
                style={isPhone ? undefined : { position: 'sticky', top: 16 }}
              >
                <Title order={3} size="h4" mb="md">
                  Your details
                </Title>
                <BookingForm
                  slot={selected}
                  accent={accent}
                  submitting={book.isPending}
                  failure={book.error}
                  onSubmit={submit}
                />
              </Card>
            </Grid.Col>
          </Grid>
        )}
        <Text ta="center" size="xs" c="dimmed" mt="lg">
          Times are shown in {organization.timeZone}.
        </Text>
      </Container>
    </Box>
  );
}
