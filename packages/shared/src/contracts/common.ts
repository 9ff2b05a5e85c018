import { z } from 'zod';
import { isPublicLink } from '../rules/public-address.ts';

/** Ids travel as `_id` uuid strings (ARCHITECTURE rule 4). */
export const idSchema = z.uuid({ message: 'must be a valid id' });
export const idParams = z.object({ id: idSchema });

/**
 * Every date and instant the contracts take lies in the years 1000 to 9998. PostgreSQL and
 * JavaScript each hold a wider range, but not the same one (PostgreSQL has no year 0; JavaScript
 * writes years past 9999 as +010000, which PostgreSQL cannot read), and four-digit years are what
 * every date text here is written with: historical birthdays fit, and the last four-digit year is
 * left free so that what the server works out from an accepted day (the day after a range's end,
 * a range of up to a year, a time zone's offset) still has four digits.
 */
export const DATE_MIN = '1000-01-01';
export const DATE_MAX = '9998-12-31';
const INSTANT_MIN = Date.parse(`${DATE_MIN}T00:00:00.000Z`);
const INSTANT_MAX = Date.parse(`${DATE_MAX}T23:59:59.999Z`);
const outOfRange = (label: string) => ({ message: `${label} must be in the years 1000 to 9998` });

/** A calendar day, YYYY-MM-DD; `label` names it in the out-of-range message. */
export const dayField = (message = 'Must be a date (YYYY-MM-DD)', label = 'Date') =>
  z.iso
    .date({ message })
    // A value that is no date at all already has its message from the format check.
    .refine((v) => !/^\d{4}-\d{2}-\d{2}$/.test(v) || (v >= DATE_MIN && v <= DATE_MAX), outOfRange(label));

/** An ISO date-time with an offset (Z or ±hh:mm); bounded by the instant it names, in UTC. */
export const instantField = (message = 'Must be an ISO date-time', label = 'Date') =>
  z.iso.datetime({ offset: true, message }).refine((v) => {
    const at = Date.parse(v);
    return Number.isNaN(at) || (at >= INSTANT_MIN && at <= INSTANT_MAX);
  }, outOfRange(label));

/** This server's own files: contact files under /api, and files served under /files. */
const OWN_FILE = /^\/(api|files)\/[^\s\\]*$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
const CONTROL = /[\u0000-\u001f\u007f]/;

function isImageLink(value: string): boolean {
  if (CONTROL.test(value)) return false;
  if (OWN_FILE.test(value)) return true;
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * A picture's address (a photo, a logo, a rank's badge): an http(s) link or one of our own
 * uploads, never a `javascript:`, `data:` or other scheme a browser would act on, and never a
 * private, loopback or link-local host (rules/public-address.ts).
 */
export const imageLinkField = z
  .string()
  .trim()
  .max(2048)
  .refine(isImageLink, { message: 'Must be an http(s) link or an uploaded file', abort: true })
  .refine((v) => OWN_FILE.test(v) || isPublicLink(v), {
    message: 'Must be a public address, not a private, loopback or link-local one',
  });

export const errorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const okBody = z.object({ success: z.literal(true), message: z.string().optional() });
export type OkBody = z.infer<typeof okBody>;

/** Error codes shared by server and client; the server maps each to one HTTP status. */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION',
  'UNAUTHENTICATED',
  'TOKEN_EXPIRED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
