import { formatClockInZone } from '@opsuite/shared/rules/kiosk';
import { useNow } from './use-now';

const dateFormats = new Map<string, Intl.DateTimeFormat>();

function longDate(now: number, timeZone: string): string {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'long', month: 'long', day: 'numeric' });
    dateFormats.set(timeZone, format);
  }
  return format.format(now);
}

/** The organisation's time as hh:mm A (and the day), ticking every second. */
export function KioskClock({
  timeZone,
  className,
  dateClassName,
}: {
  timeZone: string;
  className?: string;
  dateClassName?: string;
}) {
  const now = useNow(1000);
  return (
    <div>
      <time className={className} dateTime={new Date(now).toISOString()} data-testid="kiosk-clock">
        {formatClockInZone(now, timeZone)}
      </time>
      <div className={dateClassName}>{longDate(now, timeZone)}</div>
    </div>
  );
}
