import { ColorSwatch, Group, Select, Text } from '@mantine/core';
import { EVENT_COLOR_NAMES, type EventColorName, eventColorHex } from '@opsuite/shared/rules/theme-color';
import { useSession } from '../../../app/auth-store';

/** The hex an event colour name paints with; Default is the organisation's colour. */
export function useEventColor(): (name: string) => string {
  const orgColor = useSession()?.organization.themeColor;
  return (name: string) => eventColorHex(name, orgColor);
}

export interface ColorNameSelectProps {
  value: EventColorName;
  onChange: (value: EventColorName) => void;
  label?: string;
}

/** Event colour names: Default, Tomato, Tangerine … Graphite. */
export function ColorNameSelect({ value, onChange, label = 'Colour' }: ColorNameSelectProps) {
  const hexOf = useEventColor();
  return (
    <Select
      label={label}
      data={EVENT_COLOR_NAMES.map((name) => ({ value: name, label: name }))}
      value={value}
      onChange={(next) => next && onChange(next as EventColorName)}
      allowDeselect={false}
      leftSection={<ColorSwatch color={hexOf(value)} size={16} />}
      renderOption={({ option }) => (
        <Group gap="xs" wrap="nowrap">
          <ColorSwatch color={hexOf(option.value)} size={14} />
          <Text size="sm">{option.label}</Text>
        </Group>
      )}
    />
  );
}
