// Keys a numeric field lets through. Editing and navigation keys stay allowed so the
// field remains usable from the keyboard; everything else (letters, signs, 'e') is blocked.
export const NUMBER_INPUT_CONTROL_KEYS = [
  'Backspace',
  'Tab',
  'Delete',
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  '.',
] as const;

const CONTROL_KEYS: ReadonlySet<string> = new Set(NUMBER_INPUT_CONTROL_KEYS);

/** `key` is a KeyboardEvent.key value. */
export function isAllowedNumberKey(key: string): boolean {
  if (key.length === 1 && key >= '0' && key <= '9') return true;
  return CONTROL_KEYS.has(key);
}
