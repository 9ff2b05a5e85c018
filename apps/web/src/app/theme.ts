import { createTheme, type MantineColorsTuple, type MantineThemeOverride } from '@mantine/core';
import { expandHexColor, normalizeThemeColor } from '@opsuite/shared/rules/theme-color';
import { useEffect } from 'react';

type Rgb = [number, number, number];

function toRgb(hex: string): Rgb {
  const full = expandHexColor(hex).slice(1);
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as Rgb;
}

function toHex(rgb: Rgb): string {
  return `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

function mix(color: Rgb, target: Rgb, amount: number): Rgb {
  return color.map((c, i) => c + ((target[i] ?? c) - c) * amount) as Rgb;
}

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];
/** Shades 0-5 are tints towards white, 6 is the colour itself, 7-9 are shades towards black. */
const TINTS = [0.92, 0.82, 0.68, 0.52, 0.36, 0.18];
const SHADES = [0.14, 0.28, 0.42];

/** Ten shades from light to dark with the organisation colour exactly at index 6. */
export function paletteFrom(color: string): MantineColorsTuple {
  const base = toRgb(normalizeThemeColor(color));
  return [
    ...TINTS.map((amount) => toHex(mix(base, WHITE, amount))),
    toHex(base),
    ...SHADES.map((amount) => toHex(mix(base, BLACK, amount))),
  ] as unknown as MantineColorsTuple;
}

export const PRIMARY_COLOR_NAME = 'brand';

/** The Mantine theme for an organisation: its theme colour (or #7367f0) is the primary colour. */
export function themeFor(themeColor: string | null | undefined): MantineThemeOverride {
  return createTheme({
    primaryColor: PRIMARY_COLOR_NAME,
    primaryShade: 6,
    colors: { [PRIMARY_COLOR_NAME]: paletteFrom(normalizeThemeColor(themeColor)) },
    defaultRadius: 'md',
    cursorType: 'pointer',
    fontFamily:
      'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    headings: {
      fontWeight: '600',
      // Page titles shrink on phones instead of wrapping over three lines.
      sizes: {
        h1: { fontSize: 'clamp(1.625rem, 1.2rem + 1.6vw, 2.125rem)' },
        h2: { fontSize: 'clamp(1.375rem, 1.1rem + 1.1vw, 1.625rem)' },
        h3: { fontSize: 'clamp(1.125rem, 1rem + 0.6vw, 1.375rem)' },
      },
    },
    components: {
      Button: { defaultProps: { radius: 'md' } },
      Card: { defaultProps: { radius: 'lg', withBorder: true } },
      Paper: { defaultProps: { radius: 'lg' } },
      // Keeps 'Password' the only accessible name containing the word on a sign-in form.
      PasswordInput: {
        defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Show or hide characters' } },
      },
    },
  });
}

/** The browser's toolbar (meta theme-color) follows the theme's brand colour. */
export function useThemeColorMeta(theme: MantineThemeOverride): void {
  useEffect(() => {
    document
      .querySelector('meta[name="theme-color"]')
      ?.setAttribute('content', theme.colors?.brand?.[6] ?? '');
  }, [theme]);
}
