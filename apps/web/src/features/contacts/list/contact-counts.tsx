import { Badge, Group, Skeleton, Text, UnstyledButton } from '@mantine/core';
import { abbreviateNumber } from '@opsuite/shared/rules/number-abbrev';
import type { ContactFilters } from '../contact-filters';
import { useContactCounts } from '../contacts.api';

export interface ContactCountsProps {
  filtered: { total: number; capped: boolean } | undefined;
  filters: ContactFilters;
  onFilters: (filters: ContactFilters) => void;
}

/** Active, former and past-due counts (contact/get-total) and the filtered total. */
export function ContactCounts({ filtered, filters, onFilters }: ContactCountsProps) {
  const counts = useContactCounts();
  const chip = (
    label: string,
    value: number | undefined,
    active: boolean,
    color: string,
    apply: () => void,
  ) => (
    <UnstyledButton onClick={apply} aria-pressed={active} aria-label={`${label}: ${value ?? 0}`}>
      <Badge
        size="lg"
        radius="sm"
        variant={active ? 'filled' : 'light'}
        color={color}
        rightSection={<b>{value === undefined ? '…' : abbreviateNumber(value)}</b>}
        tt="none"
      >
        {label}
      </Badge>
    </UnstyledButton>
  );
  return (
    <Group justify="space-between" gap="xs" mb="sm">
      <Group gap="xs" data-testid="contact-counts">
        {chip('Active', counts.data?.active, filters.status === 'active', 'teal', () =>
          onFilters({ ...filters, status: filters.status === 'active' ? null : 'active' }),
        )}
        {chip('Former', counts.data?.former, filters.status === 'former', 'gray', () =>
          onFilters({ ...filters, status: filters.status === 'former' ? null : 'former' }),
        )}
        {chip('Past due', counts.data?.pastDue, filters.paymentStatus === 'past_due', 'red', () =>
          onFilters({ ...filters, paymentStatus: filters.paymentStatus === 'past_due' ? null : 'past_due' }),
        )}
      </Group>
      {filtered ? (
        <Text size="sm" c="dimmed" data-testid="filtered-total">
          {filtered.total.toLocaleString('en-US')}
          {filtered.capped ? '+' : ''} {filtered.total === 1 && !filtered.capped ? 'contact' : 'contacts'}
        </Text>
      ) : (
        <Skeleton h={16} w={90} />
      )}
    </Group>
  );
}
