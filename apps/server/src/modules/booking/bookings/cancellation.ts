import { cancelWindow } from '@opsuite/shared/rules/booking-cancellation';
import type { Tx } from '../../../db/client.ts';
import { conflict } from '../../../lib/errors.ts';
import { readCalendarSettings } from '../calendar/settings.service.ts';

// A member's cancellation against the organisation's cut-off (calendar settings,
// cancelCutoffMinutes): free before it, allowed but marked late after it, refused once the class
// has started. Staff cancel at any time and their cancellations are never marked late: they act
// for the business, not against it.

export const CANCEL_STARTED = 'This class has already started: it can no longer be cancelled';

export async function cancelCutoffMinutes(tx: Tx, orgId: string): Promise<number> {
  return (await readCalendarSettings(tx, orgId))?.cancelCutoffMinutes ?? 0;
}

/** Whether a cancellation now by this caller is late; throws for a member once the class started. */
export async function lateCancellation(
  tx: Tx,
  who: { orgId: string; staff: boolean },
  startsAt: string,
): Promise<boolean> {
  if (who.staff) return false;
  const window = cancelWindow(startsAt, Date.now(), await cancelCutoffMinutes(tx, who.orgId));
  if (window === 'started') throw conflict(CANCEL_STARTED, 'bookingId');
  return window === 'late';
}
