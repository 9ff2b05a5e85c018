import { describe, expect, it } from 'vitest';
import { isAllowedNumberKey } from './number-input.ts';

describe('isAllowedNumberKey', () => {
  it.each([
    '0',
    '1',
    '5',
    '9',
    '.',
    'Backspace',
    'Tab',
    'Delete',
    'ArrowLeft',
    'ArrowRight',
    'ArrowUp',
    'ArrowDown',
  ])('allows %s', (key) => {
    expect(isAllowedNumberKey(key)).toBe(true);
  });

  it.each(['a', 'e', 'E', '-', '+', ',', ' ', '', 'Enter', 'Escape', 'Home', 'End', '10', '٣', 'backspace'])(
    'blocks %j',
    (key) => {
      expect(isAllowedNumberKey(key)).toBe(false);
    },
  );
});
