import { describe, expect, it } from 'vitest';
import { PRIMARY_COLOR_NAME, paletteFrom, themeFor } from './theme';

describe('organisation theme colour', () => {
  it('puts the organisation colour at shade 6 of a 10-shade palette, light to dark', () => {
    const palette = paletteFrom('#1e90ff');
    expect(palette).toHaveLength(10);
    expect(palette[6]).toBe('#1e90ff');
    for (const shade of palette) expect(shade).toMatch(/^#[0-9a-f]{6}$/);
    const lightness = palette.map(
      (hex) => Number.parseInt(hex.slice(1, 3), 16) + Number.parseInt(hex.slice(5, 7), 16),
    );
    for (let i = 1; i < lightness.length; i++) expect(lightness[i]).toBeLessThanOrEqual(lightness[i - 1]!);
  });

  it('accepts 3-digit hex colours', () => {
    expect(paletteFrom('#0f0')[6]).toBe('#00ff00');
  });

  it('falls back to #7367f0 for anything that is not a 3- or 6-digit hex', () => {
    for (const bad of ['', 'red', '#12345', '#1234567', 'rgb(1,2,3)', null, undefined]) {
      const theme = themeFor(bad);
      expect(theme.primaryColor).toBe(PRIMARY_COLOR_NAME);
      expect(theme.colors?.[PRIMARY_COLOR_NAME]?.[6]).toBe('#7367f0');
    }
  });

  it('uses a valid organisation colour as the primary colour', () => {
    const theme = themeFor(' #E64980 ');
    expect(theme.colors?.[PRIMARY_COLOR_NAME]?.[6]).toBe('#e64980');
    expect(theme.primaryShade).toBe(6);
  });
});
