import { ActionIcon, Badge, Card, CopyButton, Group, Menu, Stack, Table, Text, Tooltip } from '@mantine/core';
import type { DeviceAnswer } from '@opsuite/shared';
import {
  IconCheck,
  IconCopy,
  IconDots,
  IconPencil,
  IconPlayerPause,
  IconPlayerPlay,
  IconTrash,
} from '@tabler/icons-react';
import { formatInstant } from '../../../app/zone-time';

export interface DeviceActions {
  onRename: (device: DeviceAnswer) => void;
  onToggle: (device: DeviceAnswer) => void;
  onRemove: (device: DeviceAnswer) => void;
}

export interface DeviceListProps extends DeviceActions {
  devices: DeviceAnswer[];
  timeZone: string;
  compact: boolean;
  /** The code generated last, highlighted until the next one. */
  freshId: string | null;
}

function DeviceStatus({ device }: { device: DeviceAnswer }) {
  const badge = (color: string, label: string) => (
    <Badge color={color} variant="light" styles={{ root: { flexShrink: 0 }, label: { overflow: 'visible' } }}>
      {label}
    </Badge>
  );
  if (!device.isActive) return badge('gray', 'Switched off');
  if (device.pairedAt) return badge('teal', 'Paired');
  return badge('orange', 'Not paired');
}

function DeviceCode({ code }: { code: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Text ff="monospace" fw={700} size="lg" style={{ whiteSpace: 'nowrap' }} data-testid="device-code">
        {code}
      </Text>
      <CopyButton value={code}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : 'Copy code'}>
            <ActionIcon
              variant="subtle"
              color={copied ? 'teal' : 'gray'}
              onClick={copy}
              aria-label="Copy code"
            >
              {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

function DeviceMenu({ device, onRename, onToggle, onRemove }: DeviceActions & { device: DeviceAnswer }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${device.name}`}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onRename(device)}>
          Rename
        </Menu.Item>
        <Menu.Item
          leftSection={device.isActive ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />}
          onClick={() => onToggle(device)}
        >
          {device.isActive ? 'Switch off' : 'Switch on'}
        </Menu.Item>
        <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => onRemove(device)}>
          Remove
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** Devices as a table on desktop and as cards on a phone. */
export function DeviceList({ devices, timeZone, compact, freshId, ...actions }: DeviceListProps) {
  if (compact) {
    return (
      <Stack gap="sm">
        {devices.map((device) => (
          <Card
            key={device._id}
            padding="md"
            withBorder
            data-testid="device-row"
            bg={device._id === freshId ? 'var(--mantine-primary-color-light)' : undefined}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={4} miw={0}>
                <Text fw={600} truncate>
                  {device.name}
                </Text>
                <DeviceCode code={device.code} />
                <Group gap="xs">
                  <DeviceStatus device={device} />
                  <Text size="xs" c="dimmed">
                    Last seen {formatInstant(device.lastSeenAt, timeZone)}
                  </Text>
                </Group>
              </Stack>
              <DeviceMenu device={device} {...actions} />
            </Group>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Device code</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Paired on</Table.Th>
            <Table.Th>Last seen</Table.Th>
            <Table.Th w={48} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {devices.map((device) => (
            <Table.Tr
              key={device._id}
              data-testid="device-row"
              bg={device._id === freshId ? 'var(--mantine-primary-color-light)' : undefined}
            >
              <Table.Td fw={600}>{device.name}</Table.Td>
              <Table.Td>
                <DeviceCode code={device.code} />
              </Table.Td>
              <Table.Td>
                <DeviceStatus device={device} />
              </Table.Td>
              <Table.Td>{formatInstant(device.pairedAt, timeZone)}</Table.Td>
              <Table.Td>{formatInstant(device.lastSeenAt, timeZone)}</Table.Td>
              <Table.Td>
                <DeviceMenu device={device} {...actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
