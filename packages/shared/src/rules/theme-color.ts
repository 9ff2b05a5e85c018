// Theme colours for the organisation, the booking page and the self check-in kiosk
//. Colours arrive from settings forms and old stored
// records with stray spaces and line breaks, so every one is whitespace-collapsed before use,
// and anything that must be a hex colour falls back to the default rather than breaking CSS.

/** Organisation and kiosk default, used whenever a stored colour is not a valid hex. */
export const DEFAULT_THEME_COLOR = '#7367f0';
/** Highlight of the chosen class on the kiosk. */
export const SELECTED_CLASS_COLOR = '#22c55e';

export type ThemeType = 'solid' | 'gradient';

export interface Theme {
  type: ThemeType;
  color: string;
}

export const DEFAULT_SELF_CHECKIN_THEME: Readonly<Theme> = {
  type: 'gradient',
  color: 'linear-gradient(45deg, #1E90FF, #87CEEB)',
};

export const DEFAULT_BOOKING_THEME: Readonly<Theme> = { type: 'solid', color: 'orange' };

/**
 * Named solid colours. The calendar names use Google Calendar's event palette so events
 * synced from there keep the colour their owners picked.
 */
export const SOLID_COLORS = {
  warning: '#FF9F43',
  tomato: '#D50000',
  tangerine: '#F4511E',
  banana: '#F6BF26',
  basil: '#0B8043',
  sage: '#33B679',
  peacock: '#039BE5',
  blueberry: '#3F51B5',
  lavender: '#7986CB',
  grape: '#8E24AA',
  flamingo: '#E67C73',
  graphite: '#616161',
} as const;

export type SolidColorName = keyof typeof SOLID_COLORS;

/** Event colour choices in picker order; Default means the organisation's colour. */
export const EVENT_COLOR_NAMES = [
  'Default',
  'Tomato',
  'Tangerine',
  'Banana',
  'Basil',
  'Sage',
  'Peacock',
  'Blueberry',
  'Lavender',
  'Grape',
  'Flamingo',
  'Graphite',
] as const;

export type EventColorName = (typeof EVENT_COLOR_NAMES)[number];

/** Hex for an event colour name; Default (or an unknown name) takes the organisation colour. */
export function eventColorHex(name: string, organizationColor: string = DEFAULT_THEME_COLOR): string {
  const key = name.trim().toLowerCase();
  if (Object.hasOwn(SOLID_COLORS, key) && key !== 'warning') return SOLID_COLORS[key as SolidColorName];
  return normalizeThemeColor(organizationColor);
}

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

/** '#abc' or '#aabbcc', nothing else (no alpha, no surrounding spaces). */
export function isValidHexColor(s: string | null | undefined): boolean {
  return typeof s === 'string' && HEX_COLOR.test(s);
}

/** Runs of whitespace (spaces, tabs, line breaks) become one space; ends are trimmed. */
export function collapseWhitespace(s: string | null | undefined): string {
  if (typeof s !== 'string') return '';
  return s.replace(/\s+/g, ' ').trim();
}

/** The kiosk accepts a theme colour only if it is a valid hex; otherwise the default applies. */
export function normalizeThemeColor(input: string | null | undefined): string {
  const color = collapseWhitespace(input);
  return isValidHexColor(color) ? color : DEFAULT_THEME_COLOR;
}

/** '#abc' → '#aabbcc'; a 6-digit colour is returned as given. Throws on anything else. */
export function expandHexColor(input: string): string {
  const color = collapseWhitespace(input);
  if (!isValidHexColor(color)) throw new Error(`Invalid hex colour: "${input}"`);
  if (color.length === 7) return color;
  const [r, g, b] = color.slice(1);
  return `#${r}${r}${g}${g}${b}${b}`;
}

/**
 * A custom gradient is always 45 degrees between two 6-digit hex colours, in the
 * same shape as the default so stored values compare equal.
 */
export function customGradient(from: string, to: string): string {
  return `linear-gradient(45deg, ${expandHexColor(from)}, ${expandHexColor(to)})`;
}

/**
 * The CSS `background` value for a theme. An empty colour falls back to the default of its
 * type so a half-saved theme still paints something.
 */
export function themeBackground(theme: { type: string; color: string | null | undefined }): string {
  const color = collapseWhitespace(theme.color);
  if (color) return color;
  return theme.type === 'gradient' ? DEFAULT_SELF_CHECKIN_THEME.color : DEFAULT_THEME_COLOR;
}
