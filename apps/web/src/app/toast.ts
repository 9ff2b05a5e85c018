import { notifications } from '@mantine/notifications';
import { ApiError, errorMessage, SESSION_EXPIRED_CODE } from './api-client';

/** Success, error, warning and info toasts close after 1 second (core §2, §9). */
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
