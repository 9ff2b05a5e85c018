import type { ThemeSetting } from '@opsuite/shared/contracts/kiosk';
import {
  collapseWhitespace,
  customGradient,
  DEFAULT_BOOKING_THEME,
  DEFAULT_SELF_CHECKIN_THEME,
  SOLID_COLORS,
} from '@opsuite/shared/rules/theme-color';

// The swatches of the theme settings screen: a gradient list, a
// solid list (the named colours) and the custom pickers' rules.

export interface Swatch {
  name: string;
  theme: ThemeSetting;
}

const gradient = (name: string, from: string, to: string): Swatch => ({
  name,
  theme: { type: 'gradient', color: customGradient(from, to) },
});

/** 45° gradients; the first is the self check-in default (#1E90FF → #87CEEB). */
export const GRADIENT_SWATCHES: readonly Swatch[] = [
  { name: 'Ocean', theme: { ...DEFAULT_SELF_CHECKIN_THEME } },
  gradient('Violet', '#7367F0', '#CE9FFC'),
  gradient('Sunset', '#FF9F43', '#FFC085'),
  gradient('Ruby', '#EA5455', '#F08182'),
  gradient('Mint', '#28C76F', '#48DA89'),
  gradient('Lagoon', '#00CFE8', '#1CE7FF'),
  gradient('Citrus', '#F6BF26', '#F4511E'),
  gradient('Forest', '#0B8043', '#33B679'),
  gradient('Dusk', '#3F51B5', '#8E24AA'),
  gradient('Slate', '#616161', '#9E9E9E'),
];

const titleCase = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** warning #FF9F43, then tomato … graphite; saved as hex so every screen paints the same colour. */
export const SOLID_SWATCHES: readonly Swatch[] = Object.entries(SOLID_COLORS).map(([name, hex]) => ({
  name: titleCase(name),
  theme: { type: 'solid', color: hex },
}));

/** The booking page's default (solid orange) leads its solid list so it can be chosen again. */
export const BOOKING_SOLID_SWATCHES: readonly Swatch[] = [
  { name: 'Orange', theme: { ...DEFAULT_BOOKING_THEME } },
  ...SOLID_SWATCHES,
];

/** Two themes are the same when their type and whitespace-collapsed colour match (any case). */
export function sameTheme(a: ThemeSetting | null | undefined, b: ThemeSetting | null | undefined): boolean {
  if (!a || !b) return false;
  return (
    a.type === b.type &&
    collapseWhitespace(a.color).toLowerCase() === collapseWhitespace(b.color).toLowerCase()
  );
}

const SIX_DIGIT_HEX = /^#[0-9a-f]{6}$/i;
export const CUSTOM_COLOR_ERROR = 'Use a 6-digit hex colour such as #1E90FF';

/** A custom gradient is always 45 degrees between two 6-digit hex colours. */
export function customGradientTheme(
  from: string,
  to: string,
): { theme: ThemeSetting; errors: null } | { theme: null; errors: { from?: string; to?: string } } {
  const a = collapseWhitespace(from);
  const b = collapseWhitespace(to);
  const errors: { from?: string; to?: string } = {};
  if (!SIX_DIGIT_HEX.test(a)) errors.from = CUSTOM_COLOR_ERROR;
  if (!SIX_DIGIT_HEX.test(b)) errors.to = CUSTOM_COLOR_ERROR;
  if (errors.from || errors.to) return { theme: null, errors };
  return { theme: { type: 'gradient', color: customGradient(a, b) }, errors: null };
}

export function customSolidTheme(color: string): ThemeSetting | null {
  const c = collapseWhitespace(color);
  return SIX_DIGIT_HEX.test(c) ? { type: 'solid', color: c } : null;
}

/** The two stops of a 45° gradient, to start the custom pickers from the saved theme. */
export function gradientStops(theme: ThemeSetting): [string, string] | null {
  if (theme.type !== 'gradient') return null;
  const stops = collapseWhitespace(theme.color).match(/#[0-9a-f]{6}\b/gi);
  return stops && stops.length >= 2 ? [stops[0] as string, stops[1] as string] : null;
}
