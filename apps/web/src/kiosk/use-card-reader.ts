import { useEffect, useRef } from 'react';
import { HANDLED_CODE_HOLD_MS, useScanGuard } from './scan-guard';

/** Card readers type a whole code within a few milliseconds a key; people are slower. */
export const READER_KEY_GAP_MS = 80;
const MIN_CODE_LENGTH = 3;

function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * What became of a scanned tag: 'opened' a class dialog (the check-in goes on there), 'handled'
 * (Invalid Code) or 'failed' (server unreachable, or the kiosk was busy).
 */
export type TagOutcome = 'opened' | 'handled' | 'failed';
export type TagHandler = (code: string) => Promise<TagOutcome>;

/**
 * A USB or Bluetooth tag reader typing while no input has the focus (the screensaver says SCAN
 * YOUR TAG TO CHECK-IN): the characters typed quickly and ended by Enter are one scanned code.
 * A repeat of the same code is ignored until reset: until the check-in it
 * started is over (the reader is off while its dialog shows, and the code counts again once the
 * confirmation has passed), 2 s after a failure, or when `resetKey` changes (the screensaver).
 */
export function useCardReader(onCode: TagHandler, enabled: boolean, resetKey: unknown = null): void {
  const handler = useRef(onCode);
  handler.current = onCode;
  const guard = useScanGuard(resetKey);

  useEffect(() => {
    if (!enabled) return;
    // Back from a dialog the last code opened: it counts again after the confirmation.
    if (guard.last !== null) guard.forgetAfter(guard.last, HANDLED_CODE_HOLD_MS);
    let buffer = '';
    let lastKeyAt = 0;
    const scanned = (code: string) => {
      if (!guard.accept(code)) return;
      void handler.current(code).then(
        (outcome) => {
          // A dialog took over: the guard holds the code until the reader is on again.
          if (outcome !== 'opened') guard.settle(code, outcome === 'handled');
        },
        () => guard.settle(code, false),
      );
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (isEditable(event.target) || event.ctrlKey || event.metaKey || event.altKey) return;
      const now = Date.now();
      if (now - lastKeyAt > READER_KEY_GAP_MS) buffer = '';
      lastKeyAt = now;
      if (event.key === 'Enter') {
        if (buffer.length >= MIN_CODE_LENGTH) {
          event.preventDefault();
          scanned(buffer);
        }
        buffer = '';
      } else if (event.key.length === 1) {
        buffer += event.key;
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled, guard]);
}
