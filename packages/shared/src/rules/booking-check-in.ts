import type { CheckInRules } from '../contracts/organization-settings.ts';
import { plural } from './plural.ts';

// The organisation's check-in rules (issue 17), applied to every check-in (kiosk and staff): a
// frozen or past-due membership is refused or only warned about, and a class can be checked into
// only from N minutes before its start to M minutes after its end. Pure, so the server and the
// kiosk read the same texts.

/** The contact's payment status (contacts.payment_status, kept by billing). */
export type MembershipPaymentStatus = 'none' | 'past_due' | 'frozen';

export const CHECK_IN_TEXT = {
  alreadyCheckedIn: 'Already checked in',
  frozen: 'Your membership is frozen. Please see the front desk.',
  pastDue: 'Your membership is past due. Please see the front desk.',
  closed: 'Check-in for this class has closed',
} as const;

/** "Check-in opens 30 minutes before the class starts" (or "when the class starts"). */
export function checkInOpensText(minutesBefore: number): string {
  if (minutesBefore === 0) return 'Check-in opens when the class starts';
  return `Check-in opens ${plural(minutesBefore, 'minute')} before the class starts`;
}

export interface CheckInFacts {
  rules: CheckInRules;
  paymentStatus: MembershipPaymentStatus | string;
  startsAt: Date;
  endsAt: Date;
  now: Date;
}

export interface CheckInVerdict {
  /** Set when the check-in must not happen: the message to show. */
  refusal: string | null;
  /** Set when it goes through with a warning (membership rule "warn"). */
  warning: string | null;
}

const MINUTE = 60_000;

function membershipText(status: string): string | null {
  if (status === 'frozen') return CHECK_IN_TEXT.frozen;
  if (status === 'past_due') return CHECK_IN_TEXT.pastDue;
  return null;
}

export function checkInVerdict({
  rules,
  paymentStatus,
  startsAt,
  endsAt,
  now,
}: CheckInFacts): CheckInVerdict {
  if (rules.window) {
    const opens = startsAt.getTime() - rules.opensMinutesBefore * MINUTE;
    const closes = endsAt.getTime() + rules.closesMinutesAfter * MINUTE;
    if (now.getTime() < opens) return { refusal: checkInOpensText(rules.opensMinutesBefore), warning: null };
    if (now.getTime() > closes) return { refusal: CHECK_IN_TEXT.closed, warning: null };
  }
  const membership = rules.membership === 'off' ? null : membershipText(paymentStatus);
  if (!membership) return { refusal: null, warning: null };
  return rules.membership === 'refuse'
    ? { refusal: membership, warning: null }
    : { refusal: null, warning: membership };
}
