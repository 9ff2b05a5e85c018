import {
  Alert,
  Button,
  Card,
  Center,
  Group,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { ClockStatusAnswer } from '@opsuite/shared/contracts/staff-time';
import { typedPin } from '@opsuite/shared/contracts/staff-time';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { ApiError, api, errorMessage } from '../../app/api-client';
import { toast } from '../../app/toast';
import { shiftSpan } from './components/clock-card';
import { hours } from './staff-format';

// The time clock of a paired tablet (/time-clock): the device pairs with a code from Devices, as
// the check-in kiosk does, and keeps its own device credential; employees type their punch id and
// clock in (for the shift they are due on, which the server links), out, or on and off a break or
// a meal. When the organisation requires a PIN, the server asks for it after the punch id and the
// tablet keeps it only while the employee is on screen. No one signs in; the organisation comes
// from the device.

const TOKEN_KEY = 'opsuite.timeClock.deviceToken';
const IDLE_MS = 20_000;

const device = (token: string) => ({ auth: false, headers: { authorization: `Bearer ${token}` } }) as const;

function Pairing({ onPaired }: { onPaired: (token: string) => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await api.post<{ deviceToken: string }>(
        '/device-auth/pair',
        { code: code.trim() },
        { auth: false },
      );
      localStorage.setItem(TOKEN_KEY, answer.deviceToken);
      onPaired(answer.deviceToken);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Title order={3}>Pair this time clock</Title>
        <Text size="sm" c="dimmed">
          Enter a device code from Devices (Booking → Devices).
        </Text>
        <TextInput
          label="Device code"
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={error}
          autoFocus
        />
        <Button type="submit" loading={busy}>
          Pair
        </Button>
      </Stack>
    </form>
  );
}

/** The tablet's big buttons: their labels wrap (a shift's times) rather than being cut off. */
const BIG = {
  size: 'xl',
  h: 'auto',
  mih: 60,
  py: 'sm',
  styles: { label: { whiteSpace: 'normal', textAlign: 'center' } },
} as const;

/** The server asks for the PIN (a 400 on the pin field) when the organisation requires one. */
const asksForPin = (err: unknown) =>
  err instanceof ApiError &&
  err.status === 400 &&
  Array.isArray(err.details) &&
  err.details.some((d: { field?: string }) => d.field === 'pin');

function Clock({ token, onUnpaired }: { token: string; onUnpaired: () => void }) {
  const [punchId, setPunchId] = useState('');
  const [pin, setPin] = useState('');
  const [pinStep, setPinStep] = useState(false);
  const [status, setStatus] = useState<ClockStatusAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const reset = useCallback(() => {
    setStatus(null);
    setPunchId('');
    setPin('');
    setPinStep(false);
    setError(null);
  }, []);
  // An employee who walks away is not left on screen (nor is their PIN kept).
  useEffect(() => {
    if (!status && !pinStep) return;
    const timer = setTimeout(reset, IDLE_MS);
    return () => clearTimeout(timer);
  }, [status, pinStep, reset]);
  const fail = (err: unknown) => {
    if (err instanceof ApiError && err.status === 401) {
      localStorage.removeItem(TOKEN_KEY);
      onUnpaired();
      return;
    }
    if (asksForPin(err) && !pinStep) {
      setPinStep(true);
      return;
    }
    setError(
      err instanceof ApiError && err.status === 404 ? 'No employee has this punch id' : errorMessage(err),
    );
  };
  const credentials = () => ({ punchId: punchId.trim(), ...(pin ? { pin } : {}) });
  const lookUp = async (event: FormEvent) => {
    event.preventDefault();
    if (!punchId.trim()) return;
    setBusy(true);
    setError(null);
    try {
      setStatus(
        await api.post<ClockStatusAnswer>('/staff/time-clock/employee', credentials(), device(token)),
      );
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };
  const punch = async (action: 'in' | 'out' | 'break' | 'resume', kind?: 'break' | 'meal') => {
    setBusy(true);
    try {
      const answer = await api.post<{ message: string; data: ClockStatusAnswer }>(
        '/staff/time-clock/punch',
        { ...credentials(), action, ...(kind ? { kind } : {}) },
        device(token),
      );
      toast.success(`${answer.message}: ${answer.data.name}`);
      reset();
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };
  if (status) {
    const shift = status.offeredShift;
    return (
      <Stack data-testid="clock-status">
        <Title order={2}>{status.name}</Title>
        <Text c="dimmed">
          {status.status === 'out'
            ? 'Clocked out'
            : status.status === 'onBreak'
              ? 'On a break'
              : `Working · ${hours(status.workedMs)}`}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          {status.status === 'out' && (
            <Button
              {...BIG}
              onClick={() => punch('in')}
              loading={busy}
              style={{ gridColumn: shift ? '1 / -1' : undefined }}
            >
              {shift ? `Clock in for ${shiftSpan(shift, status.timeZone)} shift` : 'Clock in'}
            </Button>
          )}
          {status.status === 'working' && (
            <>
              <Button {...BIG} variant="light" onClick={() => punch('break', 'break')} loading={busy}>
                Start break
              </Button>
              <Button {...BIG} variant="light" onClick={() => punch('break', 'meal')} loading={busy}>
                Start meal
              </Button>
            </>
          )}
          {status.status === 'onBreak' && (
            <Button {...BIG} onClick={() => punch('resume')} loading={busy}>
              End break
            </Button>
          )}
          {status.status !== 'out' && (
            <Button {...BIG} color="red" variant="light" onClick={() => punch('out')} loading={busy}>
              Clock out
            </Button>
          )}
          <Button {...BIG} variant="default" onClick={reset}>
            Cancel
          </Button>
        </SimpleGrid>
      </Stack>
    );
  }
  return (
    <form onSubmit={lookUp} noValidate>
      <Stack>
        <Title order={2}>Time clock</Title>
        {pinStep ? (
          <PasswordInput
            key="pin"
            size="xl"
            label="Your PIN"
            value={pin}
            onChange={(e) => {
              setPin(typedPin(e.currentTarget.value));
              setError(null);
            }}
            error={error}
            inputMode="numeric"
            autoFocus
            autoComplete="off"
          />
        ) : (
          <PasswordInput
            key="punch"
            size="xl"
            label="Your punch id"
            value={punchId}
            onChange={(e) => setPunchId(e.currentTarget.value)}
            error={error}
            autoFocus
            autoComplete="off"
          />
        )}
        <Button size="xl" type="submit" loading={busy}>
          Continue
        </Button>
        {pinStep && (
          <Button size="md" variant="subtle" onClick={reset}>
            Cancel
          </Button>
        )}
      </Stack>
    </form>
  );
}

export function KioskTimeClockPage() {
  const [token, setToken] = useState<string | null>(() => localStorage.getItem(TOKEN_KEY));
  return (
    <Center mih="100vh" p="md" bg="var(--mantine-color-gray-1)">
      <Card withBorder padding="xl" w="100%" maw={520} radius="lg">
        {token ? <Clock token={token} onUnpaired={() => setToken(null)} /> : <Pairing onPaired={setToken} />}
        {token && (
          <Group justify="flex-end" mt="md">
            <Alert variant="transparent" p={0}>
              <Text size="xs" c="dimmed">
                Paired device
              </Text>
            </Alert>
          </Group>
        )}
      </Card>
    </Center>
  );
}
