import { useEffect, useRef } from 'react';

/** Card readers type a whole code within a few milliseconds a key; people are slower. */
export const READER_KEY_GAP_MS = 80;
const MIN_CODE_LENGTH = 3;

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * A USB or Bluetooth tag reader typing while no input has the focus (the screensaver says SCAN
 * YOUR TAG TO CHECK-IN): the characters typed quickly and ended by Enter are one scanned code.
 */
export function useCardReader(onCode: (code: string) => void, enabled: boolean): void {
  const handler = useRef(onCode);
  handler.current = onCode;

  useEffect(() => {
    if (!enabled) return;
    let buffer = '';
    let lastKeyAt = 0;
    const onKeyDown = (event: KeyboardEvent) => {
      if (isEditable(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      const now = Date.now();
      if (now - lastKeyAt > READER_KEY_GAP_MS) buffer = '';
      lastKeyAt = now;
      if (event.key === 'Enter') {
        if (buffer.length >= MIN_CODE_LENGTH) {
          event.preventDefault();
          handler.current(buffer);
        }
        buffer = '';
      } else if (event.key.length === 1) {
        buffer += event.key;
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
