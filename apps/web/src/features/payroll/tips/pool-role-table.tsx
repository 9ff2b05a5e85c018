import { NumberInput, Table, Text } from '@mantine/core';

export interface RoleLine {
  roleId: string;
  points: number | string;
  share: number | string;
}

export interface PoolRoleTableProps {
  lines: RoleLine[];
  names: Map<string, { name: string; sharesTips: boolean }>;
  showPoints: boolean;
  onChange: (roleId: string, patch: Partial<RoleLine>) => void;
}

/** The pool's roles with their points (points basis) and optional part of the pool. */
export function PoolRoleTable({ lines, names, showPoints, onChange }: PoolRoleTableProps) {
  if (lines.length === 0) return null;
  return (
    <Table verticalSpacing={4} withRowBorders={false}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Role</Table.Th>
          {showPoints && <Table.Th w={110}>Points</Table.Th>}
          <Table.Th w={130}>Part of pool</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {lines.map((r) => {
          const role = names.get(r.roleId);
          const name = role?.name ?? 'Role';
          return (
            <Table.Tr key={r.roleId}>
              <Table.Td>
                <Text size="sm">{name}</Text>
                {role && !role.sharesTips && (
                  <Text size="xs" c="dimmed">
                    Does not share tips
                  </Text>
                )}
              </Table.Td>
              {showPoints && (
                <Table.Td>
                  <NumberInput
                    aria-label={`Points of ${name}`}
                    size="xs"
                    min={0}
                    max={1000}
                    decimalScale={2}
                    value={r.points}
                    onChange={(v) => onChange(r.roleId, { points: v })}
                  />
                </Table.Td>
              )}
              <Table.Td>
                <NumberInput
                  aria-label={`Part of ${name}`}
                  placeholder="optional"
                  size="xs"
                  min={0}
                  max={100_000}
                  decimalScale={2}
                  suffix="%"
                  value={r.share}
                  onChange={(v) => onChange(r.roleId, { share: v })}
                />
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
