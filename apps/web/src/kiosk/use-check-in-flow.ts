import type { BookingSlot, KioskContact } from '@opsuite/shared/contracts/kiosk';
import {
  checkedInText,
  isPlausibleKioskCode,
  KIOSK_TIMING,
  kioskFirstName,
  padKioskCode,
} from '@opsuite/shared/rules/kiosk';
import type { MembershipOutcome, MembershipStatus } from '@opsuite/shared/rules/membership-status';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isRateLimited, isRefused, isUnpaired, KioskApiError, kioskApi } from './kiosk-api';
import { KIOSK_TEXT, kioskToast } from './kiosk-toast';
import type { TagOutcome } from './use-card-reader';

/**
 * What the overlay shows after a check-in: CHECKED IN (with the member's membership status and
 * the rule's warning, if any), or the refusal with its reason, for the confirmation's 2.5 s.
 */
export interface KioskConfirmation {
  kind: 'checked-in' | 'refused';
  text: string;
  /** The rule's message: the warning of a check-in, the reason of a refusal. */
  note: string | null;
  status: MembershipStatus | null;
  outcome: MembershipOutcome | null;
}

export const NOT_CHECKED_IN = 'NOT CHECKED IN';

/** 'Is this you?' before a code check-in, 'Is this You?' on the search tab. */
export type ConfirmTitle = 'Is this you?' | 'Is this You?';

export interface ConfirmRequest {
  contact: KioskContact;
  slot: BookingSlot;
  title: ConfirmTitle;
}

export interface CheckInFlow {
  /** The identified or picked contact, shown in the contact panel. */
  contact: KioskContact | null;
  confirmRequest: ConfirmRequest | null;
  answerConfirm: (yes: boolean) => void;
  /** The Select Class to Check-In dialog, opened by a tag scanned outside any input. */
  classDialogContact: KioskContact | null;
  closeClassDialog: () => void;
  checkInFromDialog: (slotId: string) => Promise<boolean>;
  /** The confirmation (or refusal) overlay while it shows. */
  confirmation: KioskConfirmation | null;
  busy: boolean;
  /** Keypad, card and camera codes; resolves true when the caller should clear its input. */
  submitCode: (code: string) => Promise<boolean>;
  pickContact: (contact: KioskContact | null) => void;
  /** The search tab's Submit; resolves true when the check-in went through. */
  submitContact: (contact: KioskContact | null) => Promise<boolean>;
  /** A tag scanned outside any input: opens the class dialog for its member. */
  submitTag: (code: string) => Promise<TagOutcome>;
  /** The member walked away (screensaver): forget them. */
  reset: () => void;
}

interface Options {
  selectedSlot: BookingSlot | null;
  todaysSlots: readonly BookingSlot[];
  countCheckIn: (slotId: string) => void;
}

type Lookup =
  | { kind: 'found'; contact: KioskContact }
  | { kind: 'invalid' }
  | { kind: 'limited' }
  | { kind: 'failed' };

async function lookUp(code: string): Promise<Lookup> {
  const padded = padKioskCode(code);
  if (!isPlausibleKioskCode(padded)) return { kind: 'invalid' };
  try {
    const { contact } = await kioskApi.contactByCode(padded);
    return contact?._id ? { kind: 'found', contact } : { kind: 'invalid' };
  } catch (error) {
    if (error instanceof KioskApiError && (error.status === 404 || error.status === 400))
      return { kind: 'invalid' };
    if (isRateLimited(error)) return { kind: 'limited' };
    return { kind: 'failed' };
  }
}

/** Identify, confirm and check in. */
export function useCheckInFlow({ selectedSlot, todaysSlots, countCheckIn }: Options): CheckInFlow {
  const [contact, setContact] = useState<KioskContact | null>(null);
  const [confirmRequest, setConfirmRequest] = useState<ConfirmRequest | null>(null);
  const [classDialogContact, setClassDialogContact] = useState<KioskContact | null>(null);
  const [confirmation, setConfirmation] = useState<KioskConfirmation | null>(null);
  const [busy, setBusyState] = useState(false);
  const busyRef = useRef(false);
  const answer = useRef<((yes: boolean) => void) | null>(null);
  const confirmationTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latest = useRef({ selectedSlot, todaysSlots, classDialogContact });
  latest.current = { selectedSlot, todaysSlots, classDialogContact };

  useEffect(() => () => clearTimeout(confirmationTimer.current), []);

  const setBusy = useCallback((value: boolean) => {
    busyRef.current = value;
    setBusyState(value);
  }, []);

  const ask = useCallback(
    (request: ConfirmRequest) =>
      new Promise<boolean>((resolve) => {
        answer.current = resolve;
        setConfirmRequest(request);
      }),
    [],
  );

  const answerConfirm = useCallback((yes: boolean) => {
    const resolve = answer.current;
    answer.current = null;
    setConfirmRequest(null);
    resolve?.(yes);
  }, []);

  /** Shows the overlay for the confirmation's time; a check-in then forgets the member. */
  const show = useCallback((next: KioskConfirmation, forget: boolean) => {
    clearTimeout(confirmationTimer.current);
    setConfirmation(next);
    confirmationTimer.current = setTimeout(() => {
      confirmationTimer.current = undefined;
      setConfirmation(null);
      if (forget) setContact(null);
    }, KIOSK_TIMING.confirmationMs);
  }, []);

  const checkIn = useCallback(
    async (slot: BookingSlot, member: KioskContact, quiet: boolean): Promise<boolean> => {
      try {
        const result = await kioskApi.checkIn(slot._id, member._id);
        // created false: already checked in to this class; nothing to count, but say so all the same.
        if (result.created) countCheckIn(slot._id);
        const membership = result.membership ?? null;
        show(
          {
            kind: 'checked-in',
            text: checkedInText(kioskFirstName(member)),
            note: result.warning ?? null,
            status: membership?.status ?? member.membershipStatus ?? null,
            outcome: membership?.outcome ?? null,
          },
          true,
        );
        // "Already checked in" for a repeat; the organisation's membership warning when it only warns.
        if (result.warning) kioskToast.warning(`${result.message}. ${result.warning}`);
        else kioskToast.success(result.message);
        return true;
      } catch (error) {
        // The organisation's check-in rules answer 409 with the message to show (a frozen or
        // past-due membership, outside the check-in window); shown even for a scanned tag, with the
        // member's membership status.
        if (isRefused(error)) {
          kioskToast.error(error.message);
          show(
            {
              kind: 'refused',
              text: NOT_CHECKED_IN,
              note: error.message,
              status: member.membershipStatus ?? null,
              outcome: null,
            },
            false,
          );
        } else if (!quiet && !isUnpaired(error)) kioskToast.error(KIOSK_TEXT.checkInFailed);
        return false;
      }
    },
    [countCheckIn, show],
  );

  /** After a contact is known: ask, then check in. True when the caller should clear its input. */
  const confirmAndCheckIn = useCallback(
    async (member: KioskContact, slot: BookingSlot, title: ConfirmTitle): Promise<boolean> => {
      setContact(member);
      if (!(await ask({ contact: member, slot, title }))) {
        setContact(null);
        return true;
      }
      return checkIn(slot, member, false);
    },
    [checkIn, ask],
  );

  const submitCode = useCallback(
    async (raw: string): Promise<boolean> => {
      if (busyRef.current) return false;
      const code = raw.trim();
      if (!code) {
        kioskToast.error(KIOSK_TEXT.invalidCode);
        return false;
      }
      const slot = latest.current.selectedSlot;
      if (!slot) {
        kioskToast.error(KIOSK_TEXT.selectClass);
        return false;
      }
      setBusy(true);
      try {
        const found = await lookUp(code);
        if (found.kind === 'invalid') {
          kioskToast.error(KIOSK_TEXT.invalidCode);
          return true;
        }
        if (found.kind === 'limited' || found.kind === 'failed') {
          kioskToast.error(found.kind === 'limited' ? KIOSK_TEXT.tooManyAttempts : KIOSK_TEXT.somethingWrong);
          return false;
        }
        return await confirmAndCheckIn(found.contact, slot, 'Is this you?');
      } finally {
        setBusy(false);
      }
    },
    [confirmAndCheckIn, setBusy],
  );

  const pickContact = useCallback((member: KioskContact | null) => {
    if (busyRef.current) return;
    setContact(member);
    // The search list carries names only; the picked member's e-mail and phone are read for the
    // contact panel and shown while they are still the one picked.
    if (!member?._id) return;
    kioskApi
      .contactById(member._id)
      .then(({ contact: full }) => {
        if (full) setContact((current) => (current?._id === full._id ? full : current));
      })
      .catch(() => undefined);
  }, []);

  const submitContact = useCallback(
    async (member: KioskContact | null): Promise<boolean> => {
      if (busyRef.current) return false;
      if (!member) {
        kioskToast.error(KIOSK_TEXT.selectContact);
        return false;
      }
      const slot = latest.current.selectedSlot;
      if (!slot) {
        kioskToast.error(KIOSK_TEXT.selectClass);
        return false;
      }
      if (!member._id) {
        kioskToast.error(KIOSK_TEXT.invalidCode);
        return false;
      }
      setBusy(true);
      try {
        return await confirmAndCheckIn(member, slot, 'Is this You?');
      } finally {
        setBusy(false);
      }
    },
    [confirmAndCheckIn, setBusy],
  );

  const submitTag = useCallback(
    async (raw: string): Promise<TagOutcome> => {
      const code = raw.trim();
      if (!code || busyRef.current || latest.current.classDialogContact) return 'failed';
      setBusy(true);
      try {
        const found = await lookUp(code);
        if (found.kind === 'invalid') {
          kioskToast.error(KIOSK_TEXT.invalidCode);
          return 'handled';
        }
        if (found.kind === 'limited' || found.kind === 'failed') {
          kioskToast.error(found.kind === 'limited' ? KIOSK_TEXT.tooManyAttempts : KIOSK_TEXT.somethingWrong);
          return 'failed';
        }
        setContact(found.contact);
        setClassDialogContact(found.contact);
        return 'opened';
      } finally {
        setBusy(false);
      }
    },
    [setBusy],
  );

  const closeClassDialog = useCallback(() => {
    setClassDialogContact(null);
    setContact(null);
  }, []);

  const checkInFromDialog = useCallback(
    async (slotId: string): Promise<boolean> => {
      const member = latest.current.classDialogContact;
      const slot = latest.current.todaysSlots.find((item) => item._id === slotId);
      if (!member || !slot) return false;
      // A failed dialog check-in only re-enables the button.
      const done = await checkIn(slot, member, true);
      if (done) setClassDialogContact(null);
      return done;
    },
    [checkIn],
  );

  const reset = useCallback(() => {
    answerConfirm(false);
    setClassDialogContact(null);
    if (!confirmationTimer.current) setContact(null);
  }, [answerConfirm]);

  return {
    contact,
    confirmRequest,
    answerConfirm,
    classDialogContact,
    closeClassDialog,
    checkInFromDialog,
    confirmation,
    busy,
    submitCode,
    pickContact,
    submitContact,
    submitTag,
    reset,
  };
}
