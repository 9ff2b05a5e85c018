import {
  autoSelectClass,
  hasClassEnded,
  KIOSK_TIMING,
  type KioskSlotTimes,
} from '@opsuite/shared/rules/kiosk';
import { useCallback, useEffect, useRef, useState } from 'react';

export interface ClassSelection {
  selectedId: string | null;
  /** A member or staff choice: it holds for 5 minutes before auto-selection resumes. */
  selectManually: (id: string) => void;
}

/**
 * The selected class: every 60 s the class in progress, or
 * the one starting within 5 minutes, is selected; a manual selection pauses this for 300000 ms.
 * When nothing qualifies the current choice stays until its class is over.
 */
export function useClassSelection(slots: readonly KioskSlotTimes[], timeZone: string): ClassSelection {
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const slotsRef = useRef(slots);
  slotsRef.current = slots;
  const holdUntil = useRef(0);
  const holdTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const runAuto = useCallback(() => {
    const now = Date.now();
    if (now < holdUntil.current) return;
    const list = slotsRef.current;
    const pick = autoSelectClass(now, list, timeZone);
    setSelectedId((current) => {
      if (pick) return pick._id;
      const kept = list.find((slot) => slot._id === current);
      return kept && !hasClassEnded(kept, now, timeZone) ? current : null;
    });
  }, [timeZone]);

  useEffect(() => {
    runAuto();
    const id = setInterval(runAuto, KIOSK_TIMING.autoSelectIntervalMs);
    return () => clearInterval(id);
  }, [runAuto]);

  // New or removed classes (a refetch, the next day) are looked at at once, not a minute later.
  const idsKey = slots.map((slot) => slot._id).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: idsKey stands for the list's identity
  useEffect(() => {
    runAuto();
  }, [idsKey, runAuto]);

  useEffect(() => () => clearTimeout(holdTimer.current), []);

  const selectManually = useCallback(
    (id: string) => {
      holdUntil.current = Date.now() + KIOSK_TIMING.manualHoldMs;
      setSelectedId(id);
      clearTimeout(holdTimer.current);
      holdTimer.current = setTimeout(runAuto, KIOSK_TIMING.manualHoldMs);
    },
    [runAuto],
  );

  return { selectedId, selectManually };
}
