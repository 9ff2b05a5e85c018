import { Center, Loader } from '@mantine/core';

/** Public pages built in the form and website editor draw their own loading state. */
export const SPINNER_SUPPRESSED_PREFIXES = ['form-preview', 'website'] as const;

export function isSpinnerSuppressed(pathname: string): boolean {
  const path = pathname.replace(/^\/+/, '');
  return SPINNER_SUPPRESSED_PREFIXES.some((prefix) => path.startsWith(prefix));
}

export interface LoadingSpinnerProps {
  /** Defaults to the browser's current path. */
  pathname?: string;
  /** Fill the whole viewport (first load) instead of the content area. */
  fullScreen?: boolean;
  label?: string;
}

export function LoadingSpinner({ pathname, fullScreen = false, label = 'Loading' }: LoadingSpinnerProps) {
  if (isSpinnerSuppressed(pathname ?? window.location.pathname)) return null;
  return (
    <Center
      h={fullScreen ? '100dvh' : '100%'}
      mih={fullScreen ? undefined : 240}
      role="status"
      aria-label={label}
    >
      <Loader type="dots" size="lg" />
    </Center>
  );
}
