import { Box, Button, Card, ColorInput, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ThemeSetting } from '@opsuite/shared/contracts/kiosk';
import { collapseWhitespace } from '@opsuite/shared/rules/theme-color';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useSession } from '../../../app/auth-store';
import { useIsPhone } from '../../../app/use-is-phone';
import { THEME_TEXT } from '../booking-messages';
import { DEFAULT_THEMES, type ThemeKind, useSaveTheme, useThemeSetting } from '../theme.api';
import {
  BOOKING_SOLID_SWATCHES,
  customGradientTheme,
  customSolidTheme,
  GRADIENT_SWATCHES,
  gradientStops,
  SOLID_SWATCHES,
  sameTheme,
} from '../theme-palettes';
import { ThemeLivePreview } from './theme-live-preview';
import { SwatchList, ThemeSwatch } from './theme-swatches';

export interface ThemeEditorProps {
  kind: ThemeKind;
  /** Desktop and phone titles ('Self Check-In Theme Color' / 'Theme Settings'). */
  desktopTitle: string;
  mobileTitle?: string;
  description?: string;
}

/** Gradient list, solid list, custom pickers, live preview and Save Changes. */
export function ThemeEditor({
  kind,
  desktopTitle,
  mobileTitle = THEME_TEXT.mobileTitle,
  description,
}: ThemeEditorProps) {
  const isPhone = useIsPhone();
  const organizationName = useSession()?.organization.name ?? '';
  const stored = useThemeSetting(kind);
  const save = useSaveTheme(kind);
  const [theme, setTheme] = useState<ThemeSetting>(DEFAULT_THEMES[kind]);
  const [from, setFrom] = useState('#1E90FF');
  const [to, setTo] = useState('#87CEEB');
  const [solid, setSolid] = useState('#FF9F43');
  const [errors, setErrors] = useState<{ from?: string; to?: string; solid?: string }>({});

  // The stored theme (or the default when there is none) is where editing starts.
  useEffect(() => {
    if (stored.isPending) return;
    const start = stored.data ?? DEFAULT_THEMES[kind];
    setTheme(start);
    const stops = gradientStops(start);
    if (stops) {
      setFrom(stops[0]);
      setTo(stops[1]);
    }
    if (start.type === 'solid' && customSolidTheme(start.color)) setSolid(collapseWhitespace(start.color));
  }, [stored.isPending, stored.data, kind]);

  const applyGradient = () => {
    const result = customGradientTheme(from, to);
    setErrors((e) => ({ ...e, from: result.errors?.from, to: result.errors?.to }));
    if (result.theme) setTheme(result.theme);
  };
  const applySolid = () => {
    const next = customSolidTheme(solid);
    setErrors((e) => ({ ...e, solid: next ? undefined : 'Use a 6-digit hex colour such as #FF9F43' }));
    if (next) setTheme(next);
  };
  const submit = () => save.mutate({ type: theme.type, color: collapseWhitespace(theme.color) });

  const customGradient = customGradientTheme(from, to).theme;
  const customSolid = customSolidTheme(solid);
  const solidSwatches = kind === 'booking' ? BOOKING_SOLID_SWATCHES : SOLID_SWATCHES;
  // A custom swatch is the selection only when no listed swatch already is.
  const isPreset = [...GRADIENT_SWATCHES, ...solidSwatches].some((s) => sameTheme(s.theme, theme));

  return (
    <Stack gap="lg" pb={isPhone ? 72 : 0}>
      <div>
        <Title order={isPhone ? 3 : 2}>{isPhone ? mobileTitle : desktopTitle}</Title>
        {description && (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        )}
      </div>
      {stored.isPending ? (
        <Skeleton h={320} radius="md" />
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Card padding="lg" withBorder>
              <Stack gap="lg">
                <SwatchList
                  title="Gradient Colors"
                  swatches={GRADIENT_SWATCHES}
                  value={theme}
                  onChange={setTheme}
                />
                <SwatchList title="Solid Colors" swatches={solidSwatches} value={theme} onChange={setTheme} />
                <Stack gap="xs">
                  <Text fw={600} size="sm">
                    Custom Gradient
                  </Text>
                  <Text size="xs" c="dimmed">
                    Always 45 degrees, between two 6-digit hex colours.
                  </Text>
                  <Group align="flex-start" gap="sm">
                    <ColorInput
                      label="From"
                      value={from}
                      onChange={setFrom}
                      format="hex"
                      error={errors.from}
                      w={150}
                    />
                    <ColorInput
                      label="To"
                      value={to}
                      onChange={setTo}
                      format="hex"
                      error={errors.to}
                      w={150}
                    />
                    <Group gap="xs" wrap="nowrap" mt={{ base: 0, sm: 24 }}>
                      <Button variant="light" onClick={applyGradient}>
                        Use gradient
                      </Button>
                      {customGradient && (
                        <ThemeSwatch
                          name="Custom gradient"
                          theme={customGradient}
                          selected={!isPreset && sameTheme(customGradient, theme)}
                          onSelect={applyGradient}
                        />
                      )}
                    </Group>
                  </Group>
                </Stack>
                <Stack gap="xs">
                  <Text fw={600} size="sm">
                    Custom Solid Color
                  </Text>
                  <Group align="flex-start" gap="sm">
                    <ColorInput
                      label="Color"
                      value={solid}
                      onChange={setSolid}
                      format="hex"
                      error={errors.solid}
                      w={150}
                    />
                    <Group gap="xs" wrap="nowrap" mt={{ base: 0, sm: 24 }}>
                      <Button variant="light" onClick={applySolid}>
                        Use color
                      </Button>
                      {customSolid && (
                        <ThemeSwatch
                          name="Custom color"
                          theme={customSolid}
                          selected={!isPreset && sameTheme(customSolid, theme)}
                          onSelect={applySolid}
                        />
                      )}
                    </Group>
                  </Group>
                </Stack>
              </Stack>
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="md">
              <ThemeLivePreview kind={kind} theme={theme} organizationName={organizationName} />
              {/* On a phone the button stays in reach at the bottom of the screen. */}
              <Box
                pos={isPhone ? 'fixed' : undefined}
                bottom={0}
                left={0}
                right={0}
                p={isPhone ? 'sm' : 0}
                bg={isPhone ? 'var(--mantine-color-body)' : undefined}
                style={
                  isPhone
                    ? { zIndex: 150, borderTop: '1px solid var(--mantine-color-default-border)' }
                    : undefined
                }
              >
                <Button
                  size="md"
                  leftSection={<IconDeviceFloppy size={18} />}
                  loading={save.isPending}
                  loaderProps={{ type: 'oval', 'aria-label': 'Saving' }}
                  onClick={submit}
                  fullWidth={isPhone}
                >
                  {THEME_TEXT.save}
                </Button>
              </Box>
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
