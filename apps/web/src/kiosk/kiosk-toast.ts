import { notifications } from '@mantine/notifications';
import { KIOSK_TIMING } from '@opsuite/shared/rules/kiosk';

type Kind = 'success' | 'warning' | 'error';
const COLORS: Record<Kind, string> = { success: 'teal', warning: 'yellow', error: 'red' };

function show(kind: Kind, message: string): void {
  // One message at a time: a member tapping Submit twice should not stack two red boxes.
  notifications.clean();
  notifications.show({
    message,
    color: COLORS[kind],
    autoClose: KIOSK_TIMING.toastMs,
    withBorder: true,
    'data-toast': kind,
  });
}

/** Kiosk toasts close after 1 second. */
export const kioskToast = {
  success: (message: string) => show('success', message),
  warning: (message: string) => show('warning', message),
  error: (message: string) => show('error', message),
};

/** The kiosk's user-facing texts. */
export const KIOSK_TEXT = {
  invalidCode: 'Invalid Code',
  selectClass: 'Please select a class',
  selectContact: 'Please select a contact',
  checkInFailed: 'Unable to complete check-in',
  somethingWrong: 'Something went wrong',
  /** The server's limit on code lookups and name searches per kiosk was reached (429). */
  tooManyAttempts: 'Too many attempts. Please wait a moment and try again.',
  checkedIn: 'Checked In',
  noClasses: 'No classes available right now',
  noContact: 'No Contact Selected',
  screensaver: 'SCAN YOUR TAG TO CHECK-IN',
  poweredBy: 'Powered by OpSuite',
} as const;
