import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { useEffect, useMemo, useState } from 'react';
import { themeFor, useThemeColorMeta } from '../app/theme';
import { setUnpairedHandler } from './kiosk-api';
import { KioskScreen } from './kiosk-screen';
import { type KioskDevice, readDevice } from './kiosk-storage';
import { PairingScreen } from './pairing-screen';

/** Above the screensaver and the confirmation overlay, so 'Checked In' is seen. */
const TOAST_Z_INDEX = 1000;

export interface KioskAppProps {
  /** 'test' turns off Mantine transitions and portals. */
  env?: 'default' | 'test';
}

/** The self check-in device: pairing until a device token is stored, then the kiosk. */
export function KioskApp({ env }: KioskAppProps) {
  const [device, setDevice] = useState<KioskDevice | null>(() => readDevice());
  const [notice, setNotice] = useState<string | null>(null);
  const [accent, setAccent] = useState<string | null>(null);
  const theme = useMemo(() => themeFor(accent), [accent]);

  useEffect(
    () =>
      setUnpairedHandler((message) => {
        setNotice(message);
        setDevice(null);
      }),
    [],
  );

  useThemeColorMeta(theme);

  return (
    <MantineProvider theme={theme} defaultColorScheme="light" forceColorScheme="light" env={env}>
      <Notifications position="top-center" limit={2} zIndex={TOAST_Z_INDEX} />
      {device ? (
        <KioskScreen key={device.token} device={device} onAccentChange={setAccent} />
      ) : (
        <PairingScreen
          notice={notice}
          onPaired={(paired) => {
            setNotice(null);
            setDevice(paired);
          }}
        />
      )}
    </MantineProvider>
  );
}
