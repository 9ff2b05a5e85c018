import {
  type CountryCode,
  getCountries,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from 'libphonenumber-js/min';

// Phones are stored in one form, E.164, parsed by libphonenumber-js (its small metadata set, which
// knows every country's lengths and codes), and shown with the product's display rule
// (phone-display.ts: apart, so a screen that only shows phones, the kiosk, does not load the
// metadata).

export { formatPhoneDisplay, phoneDigits } from './phone-display.ts';

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
