import { Alert, Button, Card, Grid, Group, Modal, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import type { DeviceAnswer } from '@opsuite/shared';
import { can } from '@opsuite/shared/rules/permissions';
import { IconDeviceTabletPlus } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../app/api-client';
import { useSession } from '../../app/auth-store';
import { useIsPhone } from '../../app/use-is-phone';
import { confirmAction } from '../../components/confirm';
import { PageToolbar } from '../../components/page-toolbar';
import { DeviceList } from './components/device-list';
import { PairingHelp } from './components/pairing-help';
import { useDevices, useGenerateDevice, useRemoveDevice, useUpdateDevice } from './devices.api';

function RenameModal({ device, onClose }: { device: DeviceAnswer | null; onClose: () => void }) {
  const update = useUpdateDevice();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  if (device && openedFor !== device._id) {
    setOpenedFor(device._id);
    setName(device.name);
    setError(null);
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!device) return;
    if (!name.trim()) return setError('Name is required');
    update.mutate({ id: device._id, name: name.trim() }, { onSuccess: onClose });
  };
  return (
    <Modal
      opened={device !== null}
      onClose={onClose}
      title="Rename device"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Device name"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={error}
            maxLength={80}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={update.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Self check-in devices: generate, rename, switch off and remove pairing codes. */
export function DevicesPage() {
  const session = useSession();
  const isPhone = useIsPhone();
  const devices = useDevices();
  const generate = useGenerateDevice();
  const update = useUpdateDevice();
  const remove = useRemoveDevice();
  const [renaming, setRenaming] = useState<DeviceAnswer | null>(null);
  const [freshId, setFreshId] = useState<string | null>(null);
  const timeZone = session?.organization.timeZone ?? 'UTC';
  const ability = session?.userData.ability ?? [];
  const canWrite = can(ability, 'write', 'kiosk');
  const kioskUrl = `${window.location.origin}/kiosk`;

  const onGenerate = () =>
    generate.mutate(undefined, {
      onSuccess: (answer) => setFreshId(answer.data._id),
    });
  const confirmRemove = (device: DeviceAnswer) =>
    confirmAction({
      title: `Remove ${device.name}?`,
      message: 'Its code stops working and a kiosk paired with it goes back to the pairing screen.',
      confirm: 'Remove',
      onConfirm: () => remove.mutate(device._id),
    });

  return (
    <Stack gap="md" maw={1200} mx="auto">
      <PageToolbar
        title="Devices"
        primaryAction={
          canWrite && !isPhone
            ? {
                label: 'Generate code',
                icon: <IconDeviceTabletPlus size={18} />,
                onClick: onGenerate,
                loading: generate.isPending,
              }
            : undefined
        }
        onAdd={isPhone && canWrite ? onGenerate : undefined}
        addLabel="Generate code"
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Card padding={isPhone ? 'sm' : 'lg'} withBorder>
            {devices.isPending && <Skeleton h={160} />}
            {devices.isError && <Alert color="red">{errorMessage(devices.error)}</Alert>}
            {devices.data?.length === 0 && (
              <Stack align="center" gap="xs" py="xl">
                <Text fw={600}>No devices yet</Text>
                <Text c="dimmed" size="sm" ta="center">
                  Generate a device code, then enter it on the tablet that will be your kiosk.
                </Text>
              </Stack>
            )}
            {devices.data && devices.data.length > 0 && (
              <DeviceList
                devices={devices.data}
                timeZone={timeZone}
                compact={isPhone}
                freshId={freshId}
                onRename={setRenaming}
                onToggle={(device) => update.mutate({ id: device._id, isActive: !device.isActive })}
                onRemove={confirmRemove}
              />
            )}
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <PairingHelp kioskUrl={kioskUrl} />
        </Grid.Col>
      </Grid>
      <RenameModal device={renaming} onClose={() => setRenaming(null)} />
    </Stack>
  );
}
