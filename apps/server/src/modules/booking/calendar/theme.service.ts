import {
  collapseWhitespace,
  customGradient,
  DEFAULT_BOOKING_THEME,
  DEFAULT_SELF_CHECKIN_THEME,
  isValidHexColor,
  SOLID_COLORS,
  type Theme,
} from '@opsuite/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { invalid } from '../../../lib/errors.ts';
import { rows } from '../../../lib/sql.ts';
import { themeSettings } from '../booking.tables.ts';

// Theme settings: the booking page (default solid orange) and the self
// check-in kiosk (default 45° gradient #1E90FF → #87CEEB). Colours are whitespace-collapsed and
// checked before they are stored, so what the kiosk reads is always paintable.

export type ThemeKind = 'booking' | 'self-check-in';

const DEFAULTS: Record<ThemeKind, Readonly<Theme>> = {
  booking: DEFAULT_BOOKING_THEME,
  'self-check-in': DEFAULT_SELF_CHECKIN_THEME,
};

/** Named solid colours: the default booking orange and the named palette (warning, tomato …). */
const NAMED_SOLIDS = new Set(['orange', ...Object.keys(SOLID_COLORS)]);
const GRADIENT = /^linear-gradient\(\s*45deg\s*,\s*(#[0-9a-f]{6})\s*,\s*(#[0-9a-f]{6})\s*\)$/i;

/** The stored form of a theme, or a 400 naming `color`. */
export function normalizeTheme(type: 'solid' | 'gradient', input: string): Theme {
  const color = collapseWhitespace(input);
  if (type === 'solid') {
    if (isValidHexColor(color)) return { type, color };
    if (NAMED_SOLIDS.has(color.toLowerCase())) return { type, color: color.toLowerCase() };
    throw invalid('color', 'A solid colour must be a hex of 3 or 6 digits or a named colour');
  }
  const m = GRADIENT.exec(color);
  if (!m) throw invalid('color', 'A gradient must be linear-gradient(45deg, #xxxxxx, #xxxxxx)');
  return { type, color: customGradient(m[1]!, m[2]!) };
}

export async function getTheme(tx: Tx, orgId: string, kind: ThemeKind): Promise<Theme> {
  const [row] = await rows<{ type: 'solid' | 'gradient'; color: string }>(
    tx,
    sql`select type, color from theme_settings where organization_id = ${orgId} and kind = ${kind}`,
  );
  return row ? { type: row.type, color: row.color } : { ...DEFAULTS[kind] };
}

export async function saveTheme(
  tx: Tx,
  orgId: string,
  kind: ThemeKind,
  body: { type: 'solid' | 'gradient'; color: string },
) {
  const theme = normalizeTheme(body.type, body.color);
  await tx
    .insert(themeSettings)
    .values({ organizationId: orgId, kind, ...theme, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: [themeSettings.organizationId, themeSettings.kind],
      set: { ...theme, updatedAt: new Date() },
    });
  return theme;
}
