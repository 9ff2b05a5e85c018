import { Box, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarCheck, IconChartBar, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './auth-shell.module.css';

const HIGHLIGHTS = [
  { icon: IconUsers, text: 'Contacts, members and staff in one place' },
  { icon: IconCalendarCheck, text: 'Bookings, classes and self check-in' },
  { icon: IconChartBar, text: 'Payroll, tips, gift cards and marketing' },
];

export interface AuthShellProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The frame of the sign-in screens: a brand panel on desktop and the form card. */
export function AuthShell({ title, subtitle, children, footer }: AuthShellProps) {
  return (
    <Box className={classes.root}>
      <Box className={classes.brandPanel} visibleFrom="md">
        <Stack gap="xl" maw={420}>
          <Group gap="sm">
            <Box className={classes.logo} aria-hidden>
              O
            </Box>
            <Text fw={700} fz={24}>
              OpSuite
            </Text>
          </Group>
          <Title order={2} fz={34} lh={1.2}>
            Run your whole business from one workspace.
          </Title>
          <Stack gap="md">
            {HIGHLIGHTS.map(({ icon: Icon, text }) => (
              <Group key={text} gap="sm" wrap="nowrap">
                <ThemeIcon variant="white" color="brand" size={36} radius="md">
                  <Icon size={20} />
                </ThemeIcon>
                <Text>{text}</Text>
              </Group>
            ))}
          </Stack>
        </Stack>
      </Box>
      <Box className={classes.formPanel}>
        <Group hiddenFrom="md" gap="xs" mb="lg" justify="center">
          <Box className={classes.logo} data-compact aria-hidden>
            O
          </Box>
          <Text fw={700} fz={20}>
            OpSuite
          </Text>
        </Group>
        <Paper className={classes.card} shadow="md" p={{ base: 'lg', xs: 'xl' }} withBorder>
          <Stack gap={4} mb="lg">
            <Title order={2}>{title}</Title>
            {subtitle && (
              <Text c="dimmed" size="sm">
                {subtitle}
              </Text>
            )}
          </Stack>
          {children}
          {footer && (
            <Text size="sm" ta="center" mt="lg">
              {footer}
            </Text>
          )}
        </Paper>
      </Box>
    </Box>
  );
}
