import {
  ActionIcon,
  Button,
  Card,
  Group,
  MultiSelect,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { DayShift, TipBasisName, TipPoolAnswer, TipPoolBody } from '@opsuite/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useIsPhone } from '../../../app/use-is-phone';
import { PoolRoleTable, type RoleLine } from './pool-role-table';
import { useTipLocations, useTipRoles } from './tips.api';

export const BASIS_LABEL: Record<TipBasisName, string> = {
  hours: 'By hours worked',
  points: 'By role points',
  equal: 'Equal shares',
};
const BASIS_SHORT: Record<TipBasisName, string> = { hours: 'Hours', points: 'Points', equal: 'Equal' };

export interface TipPoolFormProps {
  /** The pool being edited; none for a new pool. */
  pool?: TipPoolAnswer;
  saving: boolean;
  onSave: (body: TipPoolBody) => void;
  onCancel: () => void;
}

const numberOrUndefined = (v: number | string) => (v === '' || v === undefined ? undefined : Number(v));

/** A tip pool's name, basis, locations, roles (points and parts) and day shifts, in place. */
export function TipPoolForm({ pool, saving, onSave, onCancel }: TipPoolFormProps) {
  const locations = useTipLocations();
  const isPhone = useIsPhone();
  const roles = useTipRoles();
  const [name, setName] = useState(pool?.name ?? '');
  const [basis, setBasis] = useState<TipBasisName>(pool?.basis ?? 'hours');
  const [locationIds, setLocationIds] = useState<string[]>(pool?.locations.map((l) => l._id) ?? []);
  const [roleLines, setRoleLines] = useState<RoleLine[]>(
    pool?.roles.map((r) => ({ roleId: r.roleId, points: r.points ?? '', share: r.share ?? '' })) ?? [],
  );
  const [shifts, setShifts] = useState<DayShift[]>(pool?.dayShifts ?? []);
  const [error, setError] = useState<string | null>(null);

  const roleName = new Map((roles.data ?? []).map((r) => [r.roleId, r]));
  const locationOptions = (locations.data ?? []).map((l) => ({
    value: l._id,
    label: l.poolId && l.poolId !== pool?._id ? `${l.name} (in ${l.poolName})` : l.name,
    disabled: Boolean(l.poolId && l.poolId !== pool?._id),
  }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError('Name is required');
    if (locationIds.length === 0) return setError('Choose at least one location');
    if (roleLines.length === 0) return setError('Choose at least one role');
    if (basis === 'points' && roleLines.some((r) => !(Number(r.points) > 0)))
      return setError('Give every role its points');
    setError(null);
    onSave({
      name: name.trim(),
      basis,
      locationIds,
      roles: roleLines.map((r) => ({
        roleId: r.roleId,
        points: basis === 'points' ? numberOrUndefined(r.points) : undefined,
        share: numberOrUndefined(r.share),
      })),
      dayShifts: shifts.map((s) => ({ ...s, name: s.name.trim() })),
    });
  };
  const setRoles = (ids: string[]) =>
    setRoleLines(
      ids.map((id) => roleLines.find((r) => r.roleId === id) ?? { roleId: id, points: 1, share: '' }),
    );
  /** Points start at 1 a person, so switching to points never leaves a role without. */
  const changeBasis = (next: TipBasisName) => {
    setBasis(next);
    if (next === 'points') setRoleLines(roleLines.map((r) => (r.points === '' ? { ...r, points: 1 } : r)));
  };
  const patchRole = (id: string, patch: Partial<RoleLine>) =>
    setRoleLines(roleLines.map((r) => (r.roleId === id ? { ...r, ...patch } : r)));
  const patchShift = (i: number, patch: Partial<DayShift>) =>
    setShifts(shifts.map((s, j) => (j === i ? { ...s, ...patch } : s)));

  return (
    <Card withBorder padding="md" data-testid="tip-pool-form">
      <form onSubmit={submit} noValidate aria-label={pool ? `Edit ${pool.name}` : 'New tip pool'}>
        <Stack gap="sm">
          <TextInput
            label="Pool name"
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            maxLength={80}
          />
          <div>
            <Text size="sm" fw={500} mb={4}>
              Share tips
            </Text>
            <SegmentedControl
              fullWidth
              value={basis}
              onChange={(v) => changeBasis(v as TipBasisName)}
              data={Object.entries(isPhone ? BASIS_SHORT : BASIS_LABEL).map(([value, label]) => ({
                value,
                label,
              }))}
            />
          </div>
          <MultiSelect
            label="Locations"
            description="Their daily tips fill the pool. A location belongs to one pool."
            data={locationOptions}
            value={locationIds}
            onChange={setLocationIds}
            searchable
            nothingFoundMessage="Add locations under Settings"
          />
          <MultiSelect
            label="Roles"
            description="Staff positions that share this pool."
            data={(roles.data ?? []).map((r) => ({
              value: r.roleId,
              label: r.sharesTips ? r.name : `${r.name} (does not share tips)`,
            }))}
            value={roleLines.map((r) => r.roleId)}
            onChange={setRoles}
            searchable
            nothingFoundMessage="Add positions in Staff settings"
          />
          <PoolRoleTable
            lines={roleLines}
            names={roleName}
            showPoints={basis === 'points'}
            onChange={patchRole}
          />
          <Group justify="space-between">
            <Text size="sm" fw={500}>
              Day shifts{' '}
              {shifts.length === 0 && (
                <Text span c="dimmed" size="sm">
                  (none: the whole day counts)
                </Text>
              )}
            </Text>
            <Button
              size="compact-sm"
              variant="subtle"
              leftSection={<IconPlus size={14} />}
              disabled={shifts.length >= 6}
              onClick={() => setShifts([...shifts, { name: '', start: '17:00', end: '23:00' }])}
            >
              Add day shift
            </Button>
          </Group>
          {shifts.map((s, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: shifts have no id until saved
            <Group key={i} wrap="wrap" align="flex-end" gap="xs">
              <TextInput
                label="Shift name"
                placeholder="Dinner"
                value={s.name}
                onChange={(e) => patchShift(i, { name: e.currentTarget.value })}
                style={{ flexGrow: 1 }}
                maxLength={40}
              />
              <TextInput
                type="time"
                label="From"
                value={s.start}
                onChange={(e) => patchShift(i, { start: e.currentTarget.value })}
                w={110}
              />
              <TextInput
                type="time"
                label="To"
                value={s.end}
                onChange={(e) => patchShift(i, { end: e.currentTarget.value })}
                w={110}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove day shift ${s.name || i + 1}`}
                onClick={() => setShifts(shifts.filter((_, j) => j !== i))}
                mb={4}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          {error && (
            <Text c="red" size="sm">
              {error}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {pool ? 'Save pool' : 'Create pool'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
