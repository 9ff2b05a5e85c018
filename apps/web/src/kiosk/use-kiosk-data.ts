import type { BookingSlot, KioskOrganization, ThemeSetting } from '@opsuite/shared/contracts/kiosk';
import { isoDateInZone, kioskSlotRange, safeTimeZone } from '@opsuite/shared/rules/kiosk';
import { useCallback, useEffect, useState } from 'react';
import { isUnpaired, kioskApi } from './kiosk-api';
import { storeOrganization } from './kiosk-storage';

/** Classes are fetched again this often so new classes and other kiosks' check-ins show up. */
export const SLOTS_REFRESH_MS = 5 * 60_000;
const RETRY_MS = 30_000;

export type SlotsStatus = 'loading' | 'ready' | 'error';

export interface KioskData {
  organization: KioskOrganization | null;
  timeZone: string;
  theme: ThemeSetting | null;
  slots: BookingSlot[];
  slotsStatus: SlotsStatus;
  reloadSlots: () => void;
  /** A successful check-in: the class's attended count rises by 1 locally. */
  countCheckIn: (slotId: string) => void;
}

/** The organisation, the self check-in theme and the classes from yesterday to tomorrow. */
export function useKioskData(storedOrganization: KioskOrganization | null, now: number): KioskData {
  const [organization, setOrganization] = useState(storedOrganization);
  const [theme, setTheme] = useState<ThemeSetting | null>(null);
  const [slots, setSlots] = useState<BookingSlot[]>([]);
  const [slotsStatus, setSlotsStatus] = useState<SlotsStatus>('loading');
  const [reloadKey, setReloadKey] = useState(0);
  const timeZone = safeTimeZone(organization?.timeZone);
  const today = isoDateInZone(now, timeZone);

  useEffect(() => {
    const controller = new AbortController();
    kioskApi
      .session(controller.signal)
      .then(({ organization: fresh }) => {
        storeOrganization(fresh);
        setOrganization(fresh);
      })
      .catch(() => {
        // Offline or unpaired (handled by the client): keep the stored organisation.
      });
    kioskApi
      .theme(controller.signal)
      .then(setTheme)
      .catch(() => {
        // The default self check-in theme stays.
      });
    return () => controller.abort();
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: today and reloadKey trigger a refetch
  useEffect(() => {
    const controller = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;
    const load = () => {
      kioskApi
        .slots(kioskSlotRange(Date.now(), timeZone), controller.signal)
        .then(({ list }) => {
          setSlots(list);
          setSlotsStatus('ready');
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted || isUnpaired(error)) return;
          // Keep showing what was there; try again soon.
          setSlotsStatus((status) => (status === 'ready' ? status : 'error'));
          retry = setTimeout(load, RETRY_MS);
        });
    };
    load();
    const refresh = setInterval(load, SLOTS_REFRESH_MS);
    return () => {
      controller.abort();
      clearTimeout(retry);
      clearInterval(refresh);
    };
  }, [today, timeZone, reloadKey]);

  const reloadSlots = useCallback(() => {
    setSlotsStatus('loading');
    setReloadKey((key) => key + 1);
  }, []);

  const countCheckIn = useCallback((slotId: string) => {
    setSlots((list) =>
      list.map((slot) =>
        slot._id === slotId ? { ...slot, attendedSlots: Math.max(0, slot.attendedSlots) + 1 } : slot,
      ),
    );
  }, []);

  return { organization, timeZone, theme, slots, slotsStatus, reloadSlots, countCheckIn };
}
