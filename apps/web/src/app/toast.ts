import { notifications } from '@mantine/notifications';
import { ApiError, errorMessage, GENERIC_FAILURE, SESSION_EXPIRED_CODE } from './api-client';

/** Success, error, warning and info toasts close after 1 second. */
export const TOAST_AUTO_CLOSE_MS = 1000;

type Kind = 'success' | 'error' | 'warning' | 'info';
const COLORS: Record<Kind, string> = { success: 'teal', error: 'red', warning: 'orange', info: 'blue' };

function show(kind: Kind, message: string, title?: string): string {
  return notifications.show({
    message,
    title,
    color: COLORS[kind],
    autoClose: TOAST_AUTO_CLOSE_MS,
    withBorder: true,
    'data-toast': kind,
  });
}

export const toast = {
  success: (message: string, title?: string) => show('success', message, title),
  error: (message: string, title?: string) => show('error', message, title),
  warning: (message: string, title?: string) => show('warning', message, title),
  info: (message: string, title?: string) => show('info', message, title),
  /** Shows the server's `error.message`, or 'Something went wrong'. */
  apiError: (error: unknown): string | null => {
    // An ended session has already been announced by the redirect to /login.
    if (error instanceof ApiError && error.code === SESSION_EXPIRED_CODE) return null;
    return show('error', errorMessage(error));
  },
  /** A toast that stays until `settle` replaces it (sign-out uses it). */
  loading: (message: string): string =>
    notifications.show({
      message,
      loading: true,
      autoClose: false,
      withCloseButton: false,
      withBorder: true,
    }),
  settle: (id: string, kind: Kind, message: string) =>
    notifications.update({
      id,
      message,
      color: COLORS[kind],
      loading: false,
      autoClose: TOAST_AUTO_CLOSE_MS,
      withCloseButton: true,
      'data-toast': kind,
    }),
};

/**
 * The text for a failed call: the server's own text when it explains the refusal (a 4xx other
 * than a missing route), otherwise the screen's fallback. null when the session has ended (the
 * redirect to /login already said so).
 */
export function failureText(error: unknown, fallback: string): string | null {
  if (error instanceof ApiError) {
    if (error.code === SESSION_EXPIRED_CODE) return null;
    const missingRoute = error.status === 404 && error.message.startsWith('No route');
    if (error.status >= 400 && error.status < 500 && !missingRoute && error.message) return error.message;
  }
  return fallback;
}

export function toastFailure(error: unknown, fallback: string = GENERIC_FAILURE): void {
  const text = failureText(error, fallback);
  if (text) toast.error(text);
}
