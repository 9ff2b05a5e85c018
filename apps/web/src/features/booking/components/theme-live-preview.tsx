import { Box, Button, Card, Group, Paper, Stack, Text } from '@mantine/core';
import type { ThemeSetting } from '@opsuite/shared/contracts/kiosk';
import { kioskAccentColor } from '@opsuite/shared/rules/kiosk';
import { collapseWhitespace, themeBackground } from '@opsuite/shared/rules/theme-color';
import { IconCalendarEvent, IconClock } from '@tabler/icons-react';
import type { ThemeKind } from '../theme.api';

export interface ThemeLivePreviewProps {
  kind: ThemeKind;
  theme: ThemeSetting;
  organizationName: string;
}

/** Buttons take a solid theme's colour (hex or a name such as orange) or a gradient's first stop. */
export function accentColor(theme: ThemeSetting): string {
  const solid = theme.type === 'solid' ? collapseWhitespace(theme.color) : '';
  return solid || kioskAccentColor(theme);
}

/** A small copy of the kiosk (or the public booking page) painted with the chosen theme. */
export function ThemeLivePreview({ kind, theme, organizationName }: ThemeLivePreviewProps) {
  const background = themeBackground(theme);
  const accent = accentColor(theme);
  return (
    <Card padding="md" withBorder>
      <Stack gap="sm">
        <Text fw={600} size="sm">
          Live Preview
        </Text>
        <Box
          data-testid="theme-preview"
          data-background={background}
          style={{ background, borderRadius: 'var(--mantine-radius-md)', padding: 16, minHeight: 220 }}
        >
          <Group justify="space-between" c="white" mb="sm" wrap="nowrap">
            <Text fw={700} truncate>
              {organizationName}
            </Text>
            <Group gap={4} wrap="nowrap">
              <IconClock size={14} />
              <Text size="xs">09:00 AM</Text>
            </Group>
          </Group>
          {kind === 'self-check-in' ? (
            <Paper p="md" radius="md" shadow="sm">
              <Stack gap="xs">
                <Text fw={700}>Check-In</Text>
                <Box
                  px="sm"
                  py={6}
                  style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 6 }}
                >
                  <Text size="sm" c="dimmed">
                    Enter check-in code...
                  </Text>
                </Box>
                <Button color={accent} fullWidth tabIndex={-1} component="span">
                  Submit
                </Button>
              </Stack>
            </Paper>
          ) : (
            <Paper p="md" radius="md" shadow="sm">
              <Stack gap="xs">
                <Group gap="xs" wrap="nowrap">
                  <IconCalendarEvent size={18} color={accent} />
                  <Text fw={700}>Morning Yoga</Text>
                </Group>
                <Text size="sm" c="dimmed">
                  Mon, 07:00 AM – 08:00 AM
                </Text>
                <Button color={accent} fullWidth tabIndex={-1} component="span">
                  Book
                </Button>
              </Stack>
            </Paper>
          )}
        </Box>
      </Stack>
    </Card>
  );
}
