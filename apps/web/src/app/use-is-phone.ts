import { useMediaQuery } from '@mantine/hooks';

/** Phones are narrower than 768px (Mantine's `sm` breakpoint, 48em). */
export const PHONE_QUERY = '(max-width: 47.99em)';

export function useIsPhone(): boolean {
  return useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false }) ?? false;
}
