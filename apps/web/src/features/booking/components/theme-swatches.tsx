import { Group, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import type { ThemeSetting } from '@opsuite/shared/contracts/kiosk';
import { themeBackground } from '@opsuite/shared/rules/theme-color';
import { IconCheck } from '@tabler/icons-react';
import { type Swatch, sameTheme } from '../theme-palettes';

/** The selected swatch has a 4px border. */
export const SELECTED_BORDER_PX = 4;
const SIZE = 44;

export interface ThemeSwatchProps {
  name: string;
  theme: ThemeSetting;
  selected: boolean;
  onSelect: () => void;
}

export function ThemeSwatch({ name, theme, selected, onSelect }: ThemeSwatchProps) {
  return (
    <Tooltip label={name} withArrow openDelay={300}>
      <UnstyledButton
        role="radio"
        aria-checked={selected}
        aria-label={name}
        data-selected={selected || undefined}
        onClick={onSelect}
        style={{
          width: SIZE,
          height: SIZE,
          borderRadius: '50%',
          background: themeBackground(theme),
          borderStyle: 'solid',
          borderWidth: selected ? SELECTED_BORDER_PX : 1,
          borderColor: selected ? 'var(--mantine-color-text)' : 'var(--mantine-color-default-border)',
          boxShadow: selected ? '0 0 0 2px var(--mantine-color-body) inset' : undefined,
          display: 'grid',
          placeItems: 'center',
          color: 'white',
          flex: 'none',
        }}
      >
        {selected && <IconCheck size={18} stroke={3} style={{ filter: 'drop-shadow(0 0 2px #0008)' }} />}
      </UnstyledButton>
    </Tooltip>
  );
}

export interface SwatchListProps {
  title: string;
  swatches: readonly Swatch[];
  value: ThemeSetting;
  onChange: (theme: ThemeSetting) => void;
}

/** One labelled row of swatches that behaves as a radio group. */
export function SwatchList({ title, swatches, value, onChange }: SwatchListProps) {
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        {title}
      </Text>
      <Group gap="sm" role="radiogroup" aria-label={title}>
        {swatches.map((swatch) => (
          <ThemeSwatch
            key={swatch.name}
            name={swatch.name}
            theme={swatch.theme}
            selected={sameTheme(swatch.theme, value)}
            onSelect={() => onChange(swatch.theme)}
          />
        ))}
      </Group>
    </Stack>
  );
}
