import { KIOSK_TIMING } from '@opsuite/shared/rules/kiosk';
import { useEffect, useRef } from 'react';

// Scanners repeat themselves: the camera reads a code ten times a second while it is in view, and
// card readers send a card again when it is held or tapped twice. A repeat of the same code is
// ignored until reset.

/** After a scan that went nowhere (no class chosen, server unreachable) the same code counts again. */
export const RETRY_SAME_CODE_MS = 2_000;
/** After a scan that was dealt with, the same code counts again once the confirmation is over. */
export const HANDLED_CODE_HOLD_MS = KIOSK_TIMING.confirmationMs;

export interface ScanGuard {
  /** false for a repeat of the last code (ignore it); true records the code and lets it through. */
  accept(code: string): boolean;
  /** Resets the guard (any code), or only when `code` is still the last one. */
  forget(code?: string): void;
  /** forget(code) in `ms`. */
  forgetAfter(code: string, ms: number): void;
  /** After a check-in attempt settled: the same code counts again after the confirmation or a short retry pause. */
  settle(code: string, handled: boolean): void;
  readonly last: string | null;
  dispose(): void;
}

export function createScanGuard(): ScanGuard {
  let last: string | null = null;
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const guard: ScanGuard = {
    accept(code) {
      if (code === last) return false;
      last = code;
      return true;
    },
    forget(code) {
      if (code === undefined || code === last) last = null;
    },
    forgetAfter(code, ms) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        guard.forget(code);
      }, ms);
      timers.add(timer);
    },
    settle(code, handled) {
      guard.forgetAfter(code, handled ? HANDLED_CODE_HOLD_MS : RETRY_SAME_CODE_MS);
    },
    get last() {
      return last;
    },
    dispose() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
  return guard;
}

/** One guard for a component's life, reset whenever `resetKey` changes (the screensaver). */
export function useScanGuard(resetKey: unknown): ScanGuard {
  const ref = useRef<ScanGuard | null>(null);
  ref.current ??= createScanGuard();
  const guard = ref.current;
  useEffect(() => () => guard.dispose(), [guard]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: resetKey is the trigger
  useEffect(() => guard.forget(), [resetKey, guard]);
  return guard;
}
