// How a phone number reads on screen, without libphonenumber-js: the kiosk shows phones but never
// parses them, and its first load stays small.

/** Only the digits of a phone number; search compares these so formatting never hides a match. */
export function phoneDigits(raw: string | number | null | undefined): string {
  if (raw === null || raw === undefined) return '';
  return String(raw).replace(/\D/g, '');
}

/**
 * How a phone number is shown. An 11-digit number is shown in North American form, always as +1,
 * using the ten digits after the country digit (the stored data mixes "1" prefixes and
 * typos there, and the product shows them all the same way). Any other length is shown as an
 * international number: its digits with one leading plus.
 */
export function formatPhoneDisplay(raw: string | number | null | undefined): string {
  const digits = phoneDigits(raw);
  if (digits.length === 0) return '';
  if (digits.length === 11) {
    return `+1 (${digits.slice(1, 4)}) ${digits.slice(4, 7)}-${digits.slice(7, 11)}`;
  }
  return `+${digits}`;
}
