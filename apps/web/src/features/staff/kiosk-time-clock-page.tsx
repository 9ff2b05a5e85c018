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
import { type FormEvent, useEffect, useState } from 'react';
import { ApiError, api, errorMessage } from '../../app/api-client';
import { toast } from '../../app/toast';
import { hours } from './staff-format';

// The time clock of a paired tablet (/time-clock): the device pairs with a code from Devices, as
// the check-in kiosk does, and keeps its own device credential; employees type their punch id and
// clock in, out, or on and off a break. No one signs in; the organisation comes from the device.

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

function Clock({ token, onUnpaired }: { token: string; onUnpaired: () => void }) {
  const [punchId, setPunchId] = useState('');
  const [status, setStatus] = useState<ClockStatusAnswer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // An employee who walks away is not left on screen.
  useEffect(() => {
    if (!status) return;
    const timer = setTimeout(() => setStatus(null), IDLE_MS);
    return () => clearTimeout(timer);
  }, [status]);
  const fail = (err: unknown) => {
    if (err instanceof ApiError && err.status === 401) {
      localStorage.removeItem(TOKEN_KEY);
      onUnpaired();
      return;
    }
    setError(
      err instanceof ApiError && err.status === 404 ? 'No employee has this punch id' : errorMessage(err),
    );
  };
  const lookUp = async (event: FormEvent) => {
    event.preventDefault();
    if (!punchId.trim()) return;
    setBusy(true);
    setError(null);
    try {
      setStatus(
        await api.get<ClockStatusAnswer>(
          `/staff/time-clock/employee/${encodeURIComponent(punchId.trim())}`,
          device(token),
        ),
      );
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };
  const punch = async (action: 'in' | 'out' | 'break' | 'resume') => {
    setBusy(true);
    try {
      const answer = await api.post<{ message: string; data: ClockStatusAnswer }>(
        '/staff/time-clock/punch',
        { punchId: punchId.trim(), action },
        device(token),
      );
      toast.success(`${answer.message}: ${answer.data.name}`);
      setStatus(null);
      setPunchId('');
    } catch (err) {
      fail(err);
    } finally {
      setBusy(false);
    }
  };
  if (status) {
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
        <SimpleGrid cols={2}>
          {status.status === 'out' && (
            <Button size="xl" onClick={() => punch('in')} loading={busy}>
              Clock in
            </Button>
          )}
          {status.status === 'working' && (
            <Button size="xl" variant="light" onClick={() => punch('break')} loading={busy}>
              Start break
            </Button>
          )}
          {status.status === 'onBreak' && (
            <Button size="xl" onClick={() => punch('resume')} loading={busy}>
              End break
            </Button>
          )}
          {status.status !== 'out' && (
            <Button size="xl" color="red" variant="light" onClick={() => punch('out')} loading={busy}>
              Clock out
            </Button>
          )}
          <Button size="xl" variant="default" onClick={() => setStatus(null)}>
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
        <PasswordInput
          size="xl"
          label="Your punch id"
          value={punchId}
          onChange={(e) => setPunchId(e.currentTarget.value)}
          error={error}
          autoFocus
          autoComplete="off"
        />
        <Button size="xl" type="submit" loading={busy}>
          Continue
        </Button>
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
