import { Avatar, Box, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { initials } from '@opsuite/shared/rules/initials';

export interface ThemePreviewProps {
  color: string;
  name: string;
  logoLink: string | null;
}

/** How the top bar and buttons will look with the chosen colour and logo. */
export function ThemePreview({ color, name, logoLink }: ThemePreviewProps) {
  return (
    <Card padding="lg" aria-label="Theme preview">
      <Stack gap="md">
        <Title order={4}>Preview</Title>
        <Box
          style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
          bd="1px solid var(--mantine-color-default-border)"
        >
          <Group px="md" py="sm" gap="sm" wrap="nowrap" bg={color} c="white">
            <Avatar src={logoLink} alt={name} radius="md" color="white" variant="white" size={32}>
              <Text fw={700} c={color} size="sm">
                {initials(name)}
              </Text>
            </Avatar>
            <Text fw={700} truncate>
              {name}
            </Text>
          </Group>
          <Stack p="md" gap="sm">
            <Text size="sm" c="dimmed">
              Buttons, links and highlights use this colour.
            </Text>
            <Group gap="xs">
              <Button color={color} size="xs" tabIndex={-1}>
                Primary
              </Button>
              <Button color={color} size="xs" variant="light" tabIndex={-1}>
                Light
              </Button>
              <Button color={color} size="xs" variant="outline" tabIndex={-1}>
                Outline
              </Button>
            </Group>
            <Box
              h={8}
              style={{ borderRadius: 4, background: color }}
              data-testid="theme-swatch"
              data-color={color}
            />
          </Stack>
        </Box>
      </Stack>
    </Card>
  );
}
