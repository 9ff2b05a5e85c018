import { Select } from '@mantine/core';
import { memo, useMemo } from 'react';
import { timeZoneOptions } from '../time-zones';

export interface TimeZoneSelectProps {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}

/** Several hundred options: memoised so typing elsewhere in the form does not re-render them. */
export const TimeZoneSelect = memo(function TimeZoneSelect({
  value,
  onChange,
  disabled,
}: TimeZoneSelectProps) {
  const zones = useMemo(() => timeZoneOptions(value), [value]);
  return (
    <Select
      label="Time zone"
      data={zones}
      value={value}
      onChange={(next) => next && onChange(next)}
      searchable
      allowDeselect={false}
      nothingFoundMessage="No matching time zone"
      disabled={disabled}
      limit={60}
      comboboxProps={{ withinPortal: true }}
    />
  );
});
