import { safeTimeZone } from '@opsuite/shared/rules/kiosk';
import { useSession } from '../../app/auth-store';

// Instants (activity, notes, files) read in the organisation's time zone, as the calendar and the
// booking screens show them, whatever zone the browser is in (architecture rule 6).

/** The signed-in organisation's IANA zone; UTC when it is missing or unknown to the browser. */
export function useOrganizationTimeZone(): string {
  return safeTimeZone(useSession()?.organization.timeZone);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function zoneFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

function zoneParts(iso: string | null | undefined, timeZone: string): Record<string, string> | null {
  if (!iso) return null;
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return null;
  const parts: Record<string, string> = {};
  for (const part of zoneFormatter(safeTimeZone(timeZone)).formatToParts(at)) parts[part.type] = part.value;
  return parts;
}

/** 'Jan 5, 2026' for an instant in the zone; '' when there is none. */
export function formatDateInZone(iso: string | null | undefined, timeZone: string): string {
  const p = zoneParts(iso, timeZone);
  return p ? `${p.month} ${p.day}, ${p.year}` : '';
}

/** 'Jan 5, 2026 9:05 AM' for an instant in the zone; '' when there is none. */
export function formatDateTimeInZone(iso: string | null | undefined, timeZone: string): string {
  const p = zoneParts(iso, timeZone);
  return p ? `${p.month} ${p.day}, ${p.year} ${p.hour}:${p.minute} ${p.dayPeriod}` : '';
}
