// The self check-in kiosk's rules: check-in, class auto-selection, the screensaver, the scanner,
// code check-in and the kiosk's constants.
// "Today" is always the organisation's day, never the tablet's, so every date rule takes the
// organisation's IANA time zone and works on instants through Intl (no date library needed).

import { collapseWhitespace, DEFAULT_THEME_COLOR, normalizeThemeColor } from './theme-color.ts';

/** A check-in code is left-padded with zeros to this many characters before lookup. */
export const KIOSK_PADDED_CODE_LENGTH = 10;
/** What a padded code may look like (the server refuses anything else as Invalid Code). */
const KIOSK_CODE_PATTERN = /^[A-Za-z0-9-]{10,32}$/;

export const KIOSK_TIMING = {
  autoSelectIntervalMs: 60_000,
  manualHoldMs: 300_000,
  lookAheadMs: 5 * 60_000,
  screensaverMs: 20_000,
  /** The screensaver's own default when a screen does not say. */
  screensaverDefaultMs: 30_000,
  confirmationMs: 2_500,
  toastMs: 1_000,
} as const;

/** html5-qrcode settings; format names are Html5QrcodeSupportedFormats keys. */
export const KIOSK_SCANNER = {
  fps: 10,
  qrbox: { width: 280, height: 280 },
  facingMode: 'environment',
  formats: [
    'QR_CODE',
    'CODE_128',
    'CODE_39',
    'EAN_13',
    'EAN_8',
    'UPC_A',
    'UPC_E',
    'ITF',
    'PDF_417',
    'DATA_MATRIX',
    'AZTEC',
  ],
} as const;

export type KioskScannerFormat = (typeof KIOSK_SCANNER.formats)[number];

/** '123' → '0000000123'; codes of 10 or more characters are returned trimmed, unchanged. */
export function padKioskCode(code: string): string {
  return code.trim().padStart(KIOSK_PADDED_CODE_LENGTH, '0');
}

/** Whether a padded code can belong to anyone (letters, digits and dashes, 10 to 32 long). */
export function isPlausibleKioskCode(padded: string): boolean {
  return KIOSK_CODE_PATTERN.test(padded);
}

/** Attended counts are never displayed below 0. */
export function clampAttended(count: number | null | undefined): number {
  if (typeof count !== 'number' || !Number.isFinite(count)) return 0;
  return Math.max(0, Math.trunc(count));
}

// ---------------------------------------------------------------- time zones

const formatters = new Map<string, Intl.DateTimeFormat>();

function zoneFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone itself when the runtime knows it, otherwise UTC (a bad setting must not crash a kiosk). */
export function safeTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return 'UTC';
  try {
    zoneFormatter(timeZone);
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/** An instant's date and time of day on a zone's clock (month 1-12). */
export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export function wallClock(instant: number, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of zoneFormatter(safeTimeZone(timeZone)).formatToParts(instant)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: (parts.hour ?? 0) % 24,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The calendar day (YYYY-MM-DD) an instant falls on in a time zone. */
export function isoDateInZone(now: Date | number, timeZone: string): string {
  const c = wallClock(+now, timeZone);
  return `${String(c.year).padStart(4, '0')}-${pad2(c.month)}-${pad2(c.day)}`;
}

/** A YYYY-MM-DD day moved by whole days. */
export function addDaysToIsoDate(isoDate: string, days: number): string {
  const [y = 1970, m = 1, d = 1] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/**
 * The instant a wall-clock date and HH:mm has in a time zone. In an autumn overlap the earlier of
 * the two instants is taken; a time skipped by a spring change moves forward (02:30 → 03:30).
 */
export function zonedTimeToInstant(isoDate: string, hhmm: string, timeZone: string): number {
  const [y = 1970, m = 1, d = 1] = isoDate.split('-').map(Number);
  const [h = 0, min = 0] = hhmm.split(':').map(Number);
  const asUtc = Date.UTC(y, m - 1, d, h, min);
  const offsetAt = (instant: number) => {
    const c = wallClock(instant, timeZone);
    return Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) - instant;
  };
  const day = 86_400_000;
  const before = asUtc - offsetAt(asUtc - day);
  const after = asUtc - offsetAt(asUtc + day);
  const matches = [before, after].filter((instant) => instant + offsetAt(instant) === asUtc);
  return matches.length > 0 ? Math.min(...matches) : before;
}

/** The range the kiosk fetches: yesterday to tomorrow in the organisation's zone. */
export function kioskSlotRange(now: Date | number, timeZone: string): { startDate: string; endDate: string } {
  const today = isoDateInZone(now, timeZone);
  return { startDate: addDaysToIsoDate(today, -1), endDate: addDaysToIsoDate(today, 1) };
}

export function isTodayInZone(isoDate: string, now: Date | number, timeZone: string): boolean {
  return isoDate.slice(0, 10) === isoDateInZone(now, timeZone);
}

// ---------------------------------------------------------------- classes

/** The parts of a booking slot the kiosk rules read (the contract's BookingSlot has them all). */
export interface KioskSlotTimes {
  _id: string;
  date: string;
  startTime: string;
  endTime: string;
  /** UTC instants from the server; computed from date and times in the zone when absent. */
  startsAt?: string | null;
  endsAt?: string | null;
}

/** Start and end of a class as epoch milliseconds. */
export function slotInterval(slot: KioskSlotTimes, timeZone: string): { start: number; end: number } {
  const fromServer = (value: string | null | undefined) => (value ? Date.parse(value) : Number.NaN);
  let start = fromServer(slot.startsAt);
  let end = fromServer(slot.endsAt);
  if (Number.isNaN(start)) start = zonedTimeToInstant(slot.date, slot.startTime, timeZone);
  if (Number.isNaN(end)) {
    end = zonedTimeToInstant(slot.date, slot.endTime, timeZone);
    // A class ending at or after midnight ends on the next day.
    if (end <= start) end = zonedTimeToInstant(addDaysToIsoDate(slot.date, 1), slot.endTime, timeZone);
  }
  return { start, end };
}

/** Only today's classes (in the organisation's zone), in start-time order. */
export function todaysClasses<T extends KioskSlotTimes>(
  slots: readonly T[],
  now: Date | number,
  timeZone: string,
): T[] {
  return slots
    .filter((slot) => isTodayInZone(slot.date, now, timeZone))
    .map((slot) => ({ slot, ...slotInterval(slot, timeZone) }))
    .sort((a, b) => a.start - b.start || a.end - b.end)
    .map(({ slot }) => slot);
}

/**
 * The class to select: the class in progress (start to end inclusive; of several, the one
 * that started last), otherwise the class starting within the next 5 minutes (the soonest), else null.
 */
export function autoSelectClass<T extends KioskSlotTimes>(
  now: Date | number,
  slots: readonly T[],
  timeZone: string,
): T | null {
  const at = +now;
  let inProgress: { slot: T; start: number } | null = null;
  let upcoming: { slot: T; start: number } | null = null;
  for (const slot of todaysClasses(slots, at, timeZone)) {
    const { start, end } = slotInterval(slot, timeZone);
    if (start <= at && at <= end) {
      if (!inProgress || start > inProgress.start) inProgress = { slot, start };
    } else if (start > at && start - at <= KIOSK_TIMING.lookAheadMs) {
      if (!upcoming || start < upcoming.start) upcoming = { slot, start };
    }
  }
  return inProgress?.slot ?? upcoming?.slot ?? null;
}

/** Whether a class is over (its end has passed). */
export function hasClassEnded(slot: KioskSlotTimes, now: Date | number, timeZone: string): boolean {
  return slotInterval(slot, timeZone).end < +now;
}

/** 'HH:mm' (24 h) → 'hh:mm A' ('18:05' → '06:05 PM'). */
export function formatSlotTime(hhmm: string): string {
  const [h = Number.NaN, m = Number.NaN] = hhmm.split(':').map(Number);
  if (!Number.isInteger(h) || !Number.isInteger(m)) return hhmm;
  const hour12 = h % 12 === 0 ? 12 : h % 12;
  return `${pad2(hour12)}:${pad2(m)} ${h < 12 ? 'AM' : 'PM'}`;
}

/** The wall-clock time of an instant in a zone as 'hh:mm A'. */
export function formatClockInZone(now: Date | number, timeZone: string): string {
  const c = wallClock(+now, timeZone);
  return formatSlotTime(`${c.hour}:${c.minute}`);
}

// ---------------------------------------------------------------- theme

/**
 * The hex the kiosk uses where a colour must be a hex (buttons, browser bar): a solid theme's
 * colour, or a gradient's first stop, when it is a valid hex; otherwise #7367f0.
 */
export function kioskAccentColor(theme: { type: string; color: string | null | undefined } | null): string {
  if (!theme) return DEFAULT_THEME_COLOR;
  const color = collapseWhitespace(theme.color);
  if (theme.type !== 'gradient') return normalizeThemeColor(color);
  return normalizeThemeColor(color.match(/#[0-9a-f]{3,6}\b/i)?.[0]);
}

// ---------------------------------------------------------------- contacts

/** Every name field a kiosk contact may carry. */
export interface KioskNameSource {
  fullName?: string | null;
  contactName?: string | null;
  name?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

const clean = (s: string | null | undefined) => (typeof s === 'string' ? s.replace(/\s+/g, ' ').trim() : '');

/** fullName, else contactName, else name, else firstName plus lastName; '' when none is set. */
export function kioskDisplayName(contact: KioskNameSource | null | undefined): string {
  if (!contact) return '';
  return (
    clean(contact.fullName) ||
    clean(contact.contactName) ||
    clean(contact.name) ||
    clean(`${contact.firstName ?? ''} ${contact.lastName ?? ''}`)
  );
}

/** The first name for the confirmation: firstName, else the first word of the display name. */
export function kioskFirstName(contact: KioskNameSource | null | undefined): string {
  if (!contact) return '';
  return clean(contact.firstName) || (kioskDisplayName(contact).split(' ')[0] ?? '');
}

/** The confirmation overlay's text. */
export function checkedInText(firstName: string | null | undefined): string {
  const name = clean(firstName);
  return name ? `CHECKED IN: ${name}` : 'CHECKED IN';
}

/** The rank fields a kiosk contact may carry . */
export interface KioskRankSource {
  currentRank?: {
    name?: string | null;
    title?: string | null;
    label?: string | null;
    badgeImage?: string | null;
    image?: string | null;
  } | null;
  currentRankName?: string | null;
  currentRankImage?: string | null;
}

/**
 * The rank badge: currentRank's name, else its title, else its label, else currentRankName; the
 * image is currentRank's badgeImage, else its image, else currentRankImage. null without a name.
 */
export function kioskRankOf(
  contact: KioskRankSource | null | undefined,
): { name: string; image: string | null } | null {
  if (!contact) return null;
  const rank = contact.currentRank;
  const name =
    clean(rank?.name) || clean(rank?.title) || clean(rank?.label) || clean(contact.currentRankName);
  if (!name) return null;
  const image =
    (rank?.badgeImage ?? '').trim() || (rank?.image ?? '').trim() || (contact.currentRankImage ?? '').trim();
  return { name, image: image || null };
}
