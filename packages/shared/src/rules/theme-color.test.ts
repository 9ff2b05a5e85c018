import { describe, expect, it } from 'vitest';
import {
  collapseWhitespace,
  customGradient,
  DEFAULT_BOOKING_THEME,
  DEFAULT_SELF_CHECKIN_THEME,
  DEFAULT_THEME_COLOR,
  EVENT_COLOR_NAMES,
  eventColorHex,
  expandHexColor,
  isValidHexColor,
  normalizeThemeColor,
  SELECTED_CLASS_COLOR,
  SOLID_COLORS,
  themeBackground,
} from './theme-color.ts';

describe('constants', () => {
  it('match the specification', () => {
    expect(DEFAULT_THEME_COLOR).toBe('#7367f0');
    expect(SELECTED_CLASS_COLOR).toBe('#22c55e');
    expect(DEFAULT_SELF_CHECKIN_THEME).toEqual({
      type: 'gradient',
      color: 'linear-gradient(45deg, #1E90FF, #87CEEB)',
    });
    expect(DEFAULT_BOOKING_THEME).toEqual({ type: 'solid', color: 'orange' });
    expect(SOLID_COLORS.warning).toBe('#FF9F43');
  });

  it('names every solid colour with a valid hex', () => {
    expect(Object.keys(SOLID_COLORS)).toEqual([
      'warning',
      'tomato',
      'tangerine',
      'banana',
      'basil',
      'sage',
      'peacock',
      'blueberry',
      'lavender',
      'grape',
      'flamingo',
      'graphite',
    ]);
    for (const hex of Object.values(SOLID_COLORS)) expect(isValidHexColor(hex)).toBe(true);
    expect(SOLID_COLORS.tomato).toBe('#D50000');
    expect(SOLID_COLORS.graphite).toBe('#616161');
  });

  it('lists the event colour names in order', () => {
    expect(EVENT_COLOR_NAMES).toEqual([
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
    ]);
  });
});

describe('eventColorHex', () => {
  it('maps names case-insensitively and Default to the organisation colour', () => {
    expect(eventColorHex('Peacock')).toBe('#039BE5');
    expect(eventColorHex('basil')).toBe('#0B8043');
    expect(eventColorHex('Default')).toBe('#7367f0');
    expect(eventColorHex('Default', '#123456')).toBe('#123456');
    expect(eventColorHex('Default', 'not-a-colour')).toBe('#7367f0');
    expect(eventColorHex('Warning', '#abc')).toBe('#abc');
    expect(eventColorHex('constructor')).toBe('#7367f0');
  });
});

describe('isValidHexColor', () => {
  it.each(['#fff', '#FFF', '#7367f0', '#1E90FF', '#000000'])('accepts %s', (c) => {
    expect(isValidHexColor(c)).toBe(true);
  });

  it.each([
    '',
    'fff',
    '7367f0',
    '#ff',
    '#ffff',
    '#fffff',
    '#1234567',
    '#ggg',
    ' #fff',
    '#fff ',
    'orange',
    '#ffffff80',
  ])('rejects %j', (c) => {
    expect(isValidHexColor(c)).toBe(false);
  });

  it('rejects null and undefined', () => {
    expect(isValidHexColor(null)).toBe(false);
    expect(isValidHexColor(undefined)).toBe(false);
  });
});

describe('collapseWhitespace', () => {
  it('collapses runs and trims', () => {
    expect(collapseWhitespace('  a \n\t b   c ')).toBe('a b c');
    expect(collapseWhitespace('linear-gradient(45deg,\n   #1E90FF,\t#87CEEB)')).toBe(
      'linear-gradient(45deg, #1E90FF, #87CEEB)',
    );
    expect(collapseWhitespace('   ')).toBe('');
    expect(collapseWhitespace(null)).toBe('');
  });
});

describe('normalizeThemeColor', () => {
  it('keeps a valid hex, trimmed', () => {
    expect(normalizeThemeColor('#123abc')).toBe('#123abc');
    expect(normalizeThemeColor('  #abc\n')).toBe('#abc');
  });

  it('falls back to the default for anything else', () => {
    expect(normalizeThemeColor('orange')).toBe('#7367f0');
    expect(normalizeThemeColor('#12345')).toBe('#7367f0');
    expect(normalizeThemeColor('# 123456')).toBe('#7367f0');
    expect(normalizeThemeColor('')).toBe('#7367f0');
    expect(normalizeThemeColor(null)).toBe('#7367f0');
    expect(normalizeThemeColor(undefined)).toBe('#7367f0');
  });
});

describe('customGradient', () => {
  it('builds a 45-degree gradient of two 6-digit colours', () => {
    expect(customGradient('#1E90FF', '#87CEEB')).toBe(DEFAULT_SELF_CHECKIN_THEME.color);
    expect(customGradient(' #112233 ', '#445566')).toBe('linear-gradient(45deg, #112233, #445566)');
  });

  it('expands 3-digit colours', () => {
    expect(customGradient('#abc', '#F00')).toBe('linear-gradient(45deg, #aabbcc, #FF0000)');
    expect(expandHexColor('#123')).toBe('#112233');
    expect(expandHexColor('#123456')).toBe('#123456');
  });

  it('rejects invalid colours with an error', () => {
    expect(() => customGradient('red', '#000000')).toThrow('Invalid hex colour: "red"');
    expect(() => customGradient('#000000', '#12345')).toThrow('Invalid hex colour: "#12345"');
    expect(() => customGradient('#000000', '')).toThrow(/Invalid hex colour/);
    expect(() => expandHexColor('#abcd')).toThrow(/Invalid hex colour/);
  });
});

describe('themeBackground', () => {
  it('returns the whitespace-collapsed colour', () => {
    expect(themeBackground({ type: 'solid', color: 'orange' })).toBe('orange');
    expect(themeBackground({ type: 'solid', color: ' #7367f0 ' })).toBe('#7367f0');
    expect(
      themeBackground({ type: 'gradient', color: 'linear-gradient(45deg,\n    #1E90FF,\n    #87CEEB)' }),
    ).toBe('linear-gradient(45deg, #1E90FF, #87CEEB)');
  });

  it('falls back to the default of its type when empty', () => {
    expect(themeBackground({ type: 'gradient', color: '  ' })).toBe(
      'linear-gradient(45deg, #1E90FF, #87CEEB)',
    );
    expect(themeBackground({ type: 'solid', color: '' })).toBe('#7367f0');
    expect(themeBackground({ type: 'solid', color: null })).toBe('#7367f0');
  });
});
