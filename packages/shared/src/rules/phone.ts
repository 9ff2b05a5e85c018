import {
  type CountryCode,
  getCountries,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/min';

// Phones are stored in one form, E.164, parsed by libphonenumber-js (its small metadata set, which
// knows every country's lengths and codes), and shown with the product's display rule below.

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

/** The default region of a phone number typed without a country code: an organisation's country. */
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'US';

/** ISO 3166-1 alpha-2 codes libphonenumber knows (an organisation's country setting). */
export function isPhoneCountry(code: string): code is CountryCode {
  return isSupportedCountry(code);
}

/** Every country an organisation can pick, by code. */
export function phoneCountries(): CountryCode[] {
  return getCountries();
}

/**
 * The one stored form of a phone number: E.164 (`+15550109999`), read with the organisation's
 * country as the region of a number typed without a country code. A number libphonenumber cannot
 * read as a possible number (too short, letters) is kept as typed, trimmed: never guessed at.
 * Blank stays blank (null).
 */
export function normalizePhone(
  raw: string | null | undefined,
  country: string = DEFAULT_PHONE_COUNTRY,
): string | null {
  const text = raw?.trim() ?? '';
  if (text === '') return null;
  const region = isPhoneCountry(country) ? country : DEFAULT_PHONE_COUNTRY;
  const parsed = parsePhoneNumberFromString(text, region);
  if (parsed?.isPossible()) return parsed.number;
  return text;
}

/** normalizePhone for optional fields: undefined (not sent) stays undefined. */
export function normalizeOptionalPhone(
  raw: string | null | undefined,
  country?: string,
): string | null | undefined {
  return raw === undefined ? undefined : normalizePhone(raw, country);
}
