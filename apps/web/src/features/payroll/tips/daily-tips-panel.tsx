import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Group,
  NumberInput,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import type { DailyTipsAnswer } from '@opsuite/shared';
import { IconPencil } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../app/api-client';
import { useIsPhone } from '../../../app/use-is-phone';
import { formatDay, todayInZone, useOrganizationTimeZone } from '../../../app/zone-time';
import { money } from '../components/money';
import { RangeInputs, rangeProblem, useDefaultRange } from './range-inputs';
import { useDailyTips, useSaveDailyTips, useTipLocations } from './tips.api';

/** Dollars typed in a money input, as whole cents (no float drift: 19.99 is 1999). */
export function dollarsToCents(value: number | string): number {
  const text = String(value).replace(/[,$\s]/g, '');
  if (text === '') return 0;
  const [whole = '0', part = ''] = text.split('.');
  return Number(whole) * 100 + Number(part.padEnd(2, '0').slice(0, 2));
}

/** 'Nov 22': a calendar day short enough for a phone's table. */
const shortDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

/** Cash and card tips per location and day: an entry form and the days of a range. */
export function DailyTipsPanel({ canWrite }: { canWrite: boolean }) {
  const timeZone = useOrganizationTimeZone();
  const isPhone = useIsPhone();
  const locations = useTipLocations();
  const [range, setRange, ready] = useDefaultRange();
  const problem = rangeProblem(range);
  const daily = useDailyTips(problem || !ready ? null : range);
  const save = useSaveDailyTips();
  const [locationId, setLocationId] = useState<string | null>(null);
  const [day, setDay] = useState(() => todayInZone(timeZone));
  const [card, setCard] = useState<number | string>('');
  const [cash, setCash] = useState<number | string>('');
  const [error, setError] = useState<string | null>(null);

  const pick = (row: DailyTipsAnswer) => {
    setLocationId(row.locationId);
    setDay(row.day);
    setCard(row.cardTipsCents / 100);
    setCash(row.cashTipsCents / 100);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!locationId) return setError('Choose a location');
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return setError('Choose a day');
    setError(null);
    save.mutate(
      { locationId, day, cardTipsCents: dollarsToCents(card), cashTipsCents: dollarsToCents(cash) },
      {
        onSuccess: () => {
          setCard('');
          setCash('');
        },
      },
    );
  };
  const rows = daily.data?.list ?? [];

  return (
    <Stack gap="md">
      {canWrite && (
        <Card withBorder padding="md">
          <form onSubmit={submit} noValidate aria-label="Record daily tips">
            <Group align="flex-end" wrap="wrap" gap="sm">
              <Select
                label="Location"
                placeholder="Choose"
                data={(locations.data ?? []).map((l) => ({ value: l._id, label: l.name }))}
                value={locationId}
                onChange={setLocationId}
                nothingFoundMessage="Add locations under Settings"
                w={{ base: '100%', xs: 180 }}
              />
              <TextInput
                type="date"
                label="Day"
                value={day}
                onChange={(e) => setDay(e.currentTarget.value)}
                w={{ base: '100%', xs: 160 }}
              />
              <NumberInput
                label="Card tips"
                prefix="$"
                decimalScale={2}
                min={0}
                thousandSeparator=","
                hideControls
                value={card}
                onChange={setCard}
                w={{ base: 'calc(50% - 6px)', xs: 130 }}
              />
              <NumberInput
                label="Cash tips"
                prefix="$"
                decimalScale={2}
                min={0}
                thousandSeparator=","
                hideControls
                value={cash}
                onChange={setCash}
                w={{ base: 'calc(50% - 6px)', xs: 130 }}
              />
              <Button type="submit" loading={save.isPending}>
                Save tips
              </Button>
            </Group>
            {error && (
              <Text c="red" size="sm" mt="xs">
                {error}
              </Text>
            )}
          </form>
        </Card>
      )}
      <Card withBorder padding="md">
        <Group align="flex-end" wrap="wrap" gap="sm" mb="sm">
          <RangeInputs value={range} onChange={setRange} />
          {daily.data && (
            <Text fw={600} ml="auto" data-testid="daily-tips-total">
              Card {money(daily.data.totals.cardTipsCents)} · Cash {money(daily.data.totals.cashTipsCents)}
            </Text>
          )}
        </Group>
        {problem && (
          <Text c="red" size="sm">
            {problem}
          </Text>
        )}
        {daily.isPending && !problem && <Skeleton h={100} />}
        {daily.isError && <Alert color="red">{errorMessage(daily.error)}</Alert>}
        {daily.data && rows.length === 0 && (
          <Text c="dimmed" ta="center" py="lg">
            No tips recorded in these days
          </Text>
        )}
        {rows.length > 0 && (
          <Table.ScrollContainer minWidth={isPhone ? 0 : 560}>
            <Table verticalSpacing="xs" horizontalSpacing={isPhone ? 6 : 'sm'} highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Day</Table.Th>
                  <Table.Th>Location</Table.Th>
                  <Table.Th ta="right">Card</Table.Th>
                  <Table.Th ta="right">Cash</Table.Th>
                  {!isPhone && <Table.Th>Source</Table.Th>}
                  <Table.Th w={1} aria-label="Actions" />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={`${r.day}-${r.locationId}`} data-testid="daily-tips-row">
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {isPhone ? shortDay(r.day) : formatDay(r.day)}
                    </Table.Td>
                    <Table.Td>{r.locationName}</Table.Td>
                    <Table.Td ta="right">{money(r.cardTipsCents)}</Table.Td>
                    <Table.Td ta="right">{money(r.cashTipsCents)}</Table.Td>
                    {!isPhone && (
                      <Table.Td>
                        <Group gap={4}>
                          <Badge variant="light" color={r.source === 'pos' ? 'grape' : 'gray'}>
                            {r.source === 'pos' ? 'POS' : 'Typed in'}
                          </Badge>
                          {r.paid && (
                            <Badge variant="light" color="green">
                              Paid
                            </Badge>
                          )}
                        </Group>
                      </Table.Td>
                    )}
                    <Table.Td>
                      {canWrite && !r.paid && (
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Edit tips of ${r.locationName} on ${r.day}`}
                          onClick={() => pick(r)}
                        >
                          <IconPencil size={16} />
                        </ActionIcon>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
    </Stack>
  );
}
