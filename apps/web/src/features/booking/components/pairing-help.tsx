import { ActionIcon, Card, CopyButton, Group, List, Text, ThemeIcon, Title, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy, IconDeviceTablet } from '@tabler/icons-react';

/** How to turn a tablet into a self check-in kiosk with a device code. */
export function PairingHelp({ kioskUrl }: { kioskUrl: string }) {
  return (
    <Card padding="lg" withBorder>
      <Group gap="sm" mb="sm" wrap="nowrap">
        <ThemeIcon variant="light" size="lg">
          <IconDeviceTablet size={20} />
        </ThemeIcon>
        <Title order={4}>How to pair a tablet</Title>
      </Group>
      <List type="ordered" spacing="xs" size="sm">
        <List.Item>Generate a device code here (one per tablet).</List.Item>
        <List.Item>
          <Group gap={4} wrap="nowrap" display="inline-flex">
            <Text span size="sm">
              On the tablet, open{' '}
              <Text span ff="monospace" fw={600} data-testid="kiosk-url">
                {kioskUrl}
              </Text>
            </Text>
            <CopyButton value={kioskUrl}>
              {({ copied, copy }) => (
                <Tooltip label={copied ? 'Copied' : 'Copy link'}>
                  <ActionIcon
                    size="sm"
                    variant="subtle"
                    color={copied ? 'teal' : 'gray'}
                    onClick={copy}
                    aria-label="Copy kiosk link"
                  >
                    {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                  </ActionIcon>
                </Tooltip>
              )}
            </CopyButton>
          </Group>
        </List.Item>
        <List.Item>Enter the device code on the Pair this Kiosk screen and tap Pair.</List.Item>
        <List.Item>
          The kiosk then shows today's classes and members check in by code, card, camera or name.
        </List.Item>
      </List>
      <Text size="xs" c="dimmed" mt="sm">
        Switching a device off or removing it signs its kiosk out at once.
      </Text>
    </Card>
  );
}
