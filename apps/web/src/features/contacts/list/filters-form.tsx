import {
  Badge,
  Button,
  Group,
  Input,
  MultiSelect,
  Popover,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import {
  activeFilterCount,
  type ContactFilters,
  DATA_FLOW_OPTIONS,
  type DataFlow,
  EMPTY_FILTERS,
  PAYMENT_STATUS_OPTIONS,
  type PaymentFilter,
  RATING_TYPE_OPTIONS,
  type RatingType,
  STATUS_OPTIONS,
  type StatusFilter,
} from '../contact-filters';
import type { Option, OptionGroup } from '../use-contact-lookups';

export interface FilterLookups {
  tags: Option[];
  leadSources: Option[];
  ranks: OptionGroup[];
  contactTypes: Option[];
  stages: Option[];
}

export interface ContactFiltersFormProps {
  filters: ContactFilters;
  onChange: (filters: ContactFilters) => void;
  lookups: FilterLookups;
  /** The data-flow switch shows for admins in organisations with view-user-data. */
  showDataFlow: boolean;
  /** Inside a popover the dropdowns must stay in it, or a click on an option closes the popover. */
  inPopover?: boolean;
}

/** The filters (contacts filter state). */
export function ContactFiltersForm({
  filters,
  onChange,
  lookups,
  showDataFlow,
  inPopover,
}: ContactFiltersFormProps) {
  const set = <K extends keyof ContactFilters>(key: K, value: ContactFilters[K]) =>
    onChange({ ...filters, [key]: value });
  const combobox = inPopover ? { withinPortal: false } : undefined;
  const [plan, setPlan] = useState(filters.plan);
  useEffect(() => setPlan(filters.plan), [filters.plan]);
  const commitPlan = () => plan !== filters.plan && set('plan', plan);

  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <Select
          label="Sort by"
          placeholder="Newest first"
          data={RATING_TYPE_OPTIONS}
          value={filters.ratingType ? String(filters.ratingType) : null}
          onChange={(value) => set('ratingType', value ? (Number(value) as RatingType) : null)}
          clearable
          comboboxProps={combobox}
        />
        <Select
          label="Status"
          placeholder="Any status"
          data={STATUS_OPTIONS}
          value={filters.status}
          onChange={(value) => set('status', value as StatusFilter | null)}
          clearable
          comboboxProps={combobox}
        />
        <Select
          label="Payment status"
          placeholder="Any payment status"
          data={PAYMENT_STATUS_OPTIONS}
          value={filters.paymentStatus}
          onChange={(value) => set('paymentStatus', value as PaymentFilter | null)}
          clearable
          comboboxProps={combobox}
        />
        <TextInput
          label="Plan"
          placeholder="Any plan"
          value={plan}
          onChange={(event) => setPlan(event.currentTarget.value)}
          onBlur={commitPlan}
          onKeyDown={(event) => event.key === 'Enter' && commitPlan()}
        />
        <MultiSelect
          label="Tags"
          placeholder={filters.tags.length ? undefined : 'Any tag'}
          data={lookups.tags}
          value={filters.tags}
          onChange={(value) => set('tags', value)}
          searchable
          clearable
          comboboxProps={combobox}
        />
        <MultiSelect
          label="Lead sources"
          placeholder={filters.leadSources.length ? undefined : 'Any lead source'}
          data={lookups.leadSources}
          value={filters.leadSources}
          onChange={(value) => set('leadSources', value)}
          searchable
          clearable
          comboboxProps={combobox}
        />
        <MultiSelect
          label="Progressions"
          placeholder={filters.progressions.length ? undefined : 'Any rank'}
          data={lookups.ranks}
          value={filters.progressions}
          onChange={(value) => set('progressions', value)}
          searchable
          clearable
          comboboxProps={combobox}
        />
        <Select
          label="Contact type"
          placeholder="Any type"
          data={lookups.contactTypes}
          value={filters.contactType}
          onChange={(value) => set('contactType', value)}
          clearable
          comboboxProps={combobox}
        />
        <Select
          label="Stage"
          placeholder="Any stage"
          data={lookups.stages}
          value={filters.stage}
          onChange={(value) => set('stage', value)}
          clearable
          comboboxProps={combobox}
        />
        {showDataFlow && (
          <Input.Wrapper label="Data flow">
            <SegmentedControl
              fullWidth
              data={DATA_FLOW_OPTIONS}
              value={filters.dataFlow}
              onChange={(value) => set('dataFlow', value as DataFlow)}
              aria-label="Data flow"
            />
          </Input.Wrapper>
        )}
      </SimpleGrid>
      <Group justify="flex-end">
        <Button
          variant="subtle"
          size="xs"
          disabled={activeFilterCount(filters) === 0}
          onClick={() => onChange({ ...EMPTY_FILTERS, search: filters.search, dataFlow: filters.dataFlow })}
        >
          Clear filters
        </Button>
      </Group>
    </Stack>
  );
}

/** Desktop: the filters behind one button, with the number of filters set. */
export function ContactFiltersButton(props: ContactFiltersFormProps) {
  const count = activeFilterCount(props.filters);
  return (
    <Popover width={560} position="bottom-end" shadow="md" withinPortal trapFocus={false}>
      <Popover.Target>
        <Button
          variant="default"
          leftSection={<IconFilter size={16} />}
          rightSection={
            count > 0 ? (
              <Badge size="xs" circle>
                {count}
              </Badge>
            ) : undefined
          }
        >
          Filters
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <ContactFiltersForm {...props} inPopover />
      </Popover.Dropdown>
    </Popover>
  );
}
