import { Alert, Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { DEFAULT_SELF_CHECKIN_THEME } from '@opsuite/shared/rules/theme-color';
import { IconDeviceTablet, IconInfoCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import classes from './kiosk.module.css';
import { KioskApiError, kioskApi } from './kiosk-api';
import { type KioskDevice, storeDevice } from './kiosk-storage';

/** The same rule as the pair call's contract, checked before calling. */
const DEVICE_CODE = /^[A-Za-z0-9-]{6,32}$/;
export const DEVICE_CODE_HINT = 'Enter the device code shown in device management';

export interface PairingScreenProps {
  /** Why the kiosk is back here (it was unpaired). */
  notice: string | null;
  onPaired: (device: KioskDevice) => void;
}

/** A kiosk with no device token pairs itself with a device code made in device management. */
export function PairingScreen({ notice, onPaired }: PairingScreenProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pairing, setPairing] = useState(false);

  const pair = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    if (!DEVICE_CODE.test(trimmed)) {
      setError(DEVICE_CODE_HINT);
      return;
    }
    setPairing(true);
    setError(null);
    try {
      const answer = await kioskApi.pair(trimmed);
      storeDevice({ token: answer.deviceToken, code: trimmed, organization: answer.organization });
      onPaired({ token: answer.deviceToken, code: trimmed, organization: answer.organization });
    } catch (failure) {
      setError(failure instanceof KioskApiError ? failure.message : 'Something went wrong');
      setPairing(false);
    }
  };

  return (
    <main className={classes.pairing} style={{ background: DEFAULT_SELF_CHECKIN_THEME.color }}>
      <Paper component="form" onSubmit={pair} className={classes.pairingCard} shadow="xl" p="xl" noValidate>
        <Stack gap="lg">
          <div className={classes.pairingIcon} aria-hidden>
            <IconDeviceTablet size={40} stroke={1.5} />
          </div>
          <div>
            <Title order={1} ta="center" size="h2">
              Pair this Kiosk
            </Title>
            <Text c="dimmed" ta="center" mt={6}>
              Enter the device code generated in device management to turn this screen into a self check-in
              kiosk.
            </Text>
          </div>
          {notice && (
            <Alert color="orange" icon={<IconInfoCircle />} role="status">
              {notice}
            </Alert>
          )}
          <TextInput
            label="Device code"
            placeholder="e.g. KIOSK-4821"
            size="lg"
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            error={error}
            autoFocus
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={32}
          />
          <Button type="submit" size="lg" fullWidth loading={pairing}>
            Pair
          </Button>
        </Stack>
      </Paper>
    </main>
  );
}
