import { KIOSK_TIMING } from '@opsuite/shared/rules/kiosk';
import { useCallback, useEffect, useRef, useState } from 'react';

/** Mouse, key, click and touch activity. */
export const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'click', 'keydown', 'touchstart'] as const;

/**
 * True after `timeoutMs` without activity, false again on any activity. Activity only stamps a
 * time; one timer checks it, so a moving mouse does not re-arm a timer on every event.
 */
export function useIdle(
  timeoutMs: number = KIOSK_TIMING.screensaverDefaultMs,
  initialIdle = false,
): { idle: boolean; wake: () => void } {
  const [idle, setIdle] = useState(initialIdle);
  const startsIdle = useRef(initialIdle);
  const lastActivity = useRef(Date.now());
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const schedule = useCallback(
    (delay: number) => {
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        const quiet = Date.now() - lastActivity.current;
        if (quiet >= timeoutMs) {
          timer.current = undefined;
          setIdle(true);
        } else schedule(timeoutMs - quiet);
      }, delay);
    },
    [timeoutMs],
  );

  const wake = useCallback(() => {
    lastActivity.current = Date.now();
    setIdle(false);
    if (timer.current === undefined) schedule(timeoutMs);
  }, [schedule, timeoutMs]);

  useEffect(() => {
    // A kiosk that starts idle waits for the first activity before counting.
    if (!startsIdle.current) schedule(timeoutMs);
    for (const event of ACTIVITY_EVENTS)
      window.addEventListener(event, wake, { capture: true, passive: true });
    return () => {
      clearTimeout(timer.current);
      timer.current = undefined;
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, wake, { capture: true });
    };
  }, [schedule, timeoutMs, wake]);

  return { idle, wake };
}
