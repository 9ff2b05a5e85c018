import { Alert, Button, CloseButton, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import type { PortalMe } from '@opsuite/shared';
import { IconMaximize, IconSun } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { planText } from '../contacts';
import { CodeImage } from './components/code-image';
import classes from './portal.module.css';

// The member's check-in card: their code as a QR code and a CODE 128 barcode that the kiosk's
// camera (Barcode Scanner) and a card reader both read. Full screen it is black on white at the
// largest size, the screen kept awake, with a reminder to turn the brightness up.

/** Asks the browser to keep the screen on while the card shows (where it can). */
function useWakeLock(active: boolean) {
  useEffect(() => {
    if (!active || !('wakeLock' in navigator)) return;
    let lock: { release(): Promise<void> } | null = null;
    let gone = false;
    const nav = navigator as Navigator & {
      wakeLock: { request(type: 'screen'): Promise<{ release(): Promise<void> }> };
    };
    nav.wakeLock.request('screen').then(
      (l) => {
        if (gone) void l.release();
        else lock = l;
      },
      () => undefined,
    );
    return () => {
      gone = true;
      void lock?.release();
    };
  }, [active]);
}

function FullScreenCard({ me, code, onClose }: { me: PortalMe; code: string; onClose: () => void }) {
  useWakeLock(true);
  useEffect(() => {
    const root = document.documentElement;
    if (root.requestFullscreen && !document.fullscreenElement)
      root.requestFullscreen().catch(() => undefined);
    return () => {
      if (document.fullscreenElement) void document.exitFullscreen?.().catch(() => undefined);
    };
  }, []);
  return (
    <Modal.Root opened onClose={onClose} fullScreen transitionProps={{ duration: 0 }}>
      <Modal.Content aria-label="Check-in card">
        <Stack className={classes.fullScreen} align="center" justify="center" gap="lg" p="lg">
          <CloseButton
            size="xl"
            aria-label="Close"
            onClick={onClose}
            style={{ position: 'absolute', top: 16, right: 16 }}
          />
          <Text fw={800} size="xl" c="black" ta="center">
            {me.member.fullName}
          </Text>
          <div style={{ width: 'min(72vw, 42vh)' }}>
            <CodeImage kind="qrcode" text={code} label={`QR code ${code}`} testId="fullscreen-qr" />
          </div>
          <div style={{ width: 'min(94vw, 720px)' }}>
            <CodeImage kind="code128" text={code} label={`Barcode ${code}`} testId="fullscreen-barcode" />
          </div>
          <Text className={classes.codeText} size="xl" c="black">
            {code}
          </Text>
          <Group gap={6} c="gray.7" wrap="nowrap" justify="center">
            <IconSun size={18} style={{ flex: 'none' }} />
            <Text size="sm">Turn your screen brightness up for the scanner</Text>
          </Group>
        </Stack>
      </Modal.Content>
    </Modal.Root>
  );
}

export function CardView({ me }: { me: PortalMe | undefined }) {
  const [full, setFull] = useState(false);
  if (!me) return null;
  const code = me.member.code;
  return (
    <Stack gap="md">
      <Title order={3}>My card</Title>
      <Paper withBorder radius="lg" className={classes.memberCard} maw={420} w="100%" mx="auto" shadow="sm">
        <div className={classes.memberCardTop}>
          <Group justify="space-between" p="md" wrap="nowrap">
            <div style={{ minWidth: 0 }}>
              <Text size="xs" tt="uppercase" fw={700} opacity={0.85} truncate>
                {me.organization.name}
              </Text>
              <Text fw={800} size="xl" truncate>
                {me.member.fullName}
              </Text>
            </div>
            <Text size="sm" fw={600} ta="right">
              {planText(me.member.plan)}
            </Text>
          </Group>
        </div>
        {code ? (
          <Stack align="center" gap="sm" p="lg" bg="white">
            <div style={{ width: 200, maxWidth: '70%' }}>
              <CodeImage kind="qrcode" text={code} label={`QR code ${code}`} testId="member-qr" />
            </div>
            <div style={{ width: '100%' }}>
              <CodeImage kind="code128" text={code} label={`Barcode ${code}`} testId="member-barcode" />
            </div>
            <Text className={classes.codeText} c="black" data-testid="member-code">
              {code}
            </Text>
          </Stack>
        ) : (
          <Alert m="md" color="gray" title="No check-in code yet">
            Ask the front desk to give you a check-in code; it shows here as soon as you have one.
          </Alert>
        )}
      </Paper>
      {code && (
        <Stack gap="xs" align="center">
          <Button
            size="lg"
            radius="xl"
            leftSection={<IconMaximize size={20} />}
            onClick={() => setFull(true)}
            w={{ base: '100%', sm: 'auto' }}
          >
            Show full screen
          </Button>
          <Text size="sm" c="dimmed" ta="center">
            Hold it up to the kiosk's camera, or scan it at the front desk.
          </Text>
        </Stack>
      )}
      {full && code && <FullScreenCard me={me} code={code} onClose={() => setFull(false)} />}
    </Stack>
  );
}
