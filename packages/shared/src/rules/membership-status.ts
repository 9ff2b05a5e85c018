import type { CheckInMembershipRule } from '../contracts/organization-settings.ts';

// A member's membership status as the front desk sees it (kiosk confirmation, attendance list):
// a frozen or past-due payment status wins; otherwise a member with a plan is active and one
// without is "no plan". Billing keeps the plan and payment status on the contact.

export const MEMBERSHIP_STATUSES = ['active', 'past_due', 'frozen', 'no_plan'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];

export const MEMBERSHIP_STATUS_LABELS: Record<MembershipStatus, string> = {
  active: 'Active',
  past_due: 'Past due',
  frozen: 'Frozen',
  no_plan: 'No plan',
};

export function membershipStatus(plan: string | null, paymentStatus: string | null): MembershipStatus {
  if (paymentStatus === 'frozen') return 'frozen';
  if (paymentStatus === 'past_due') return 'past_due';
  return plan ? 'active' : 'no_plan';
}

/** What the organisation's membership rule does with a status: lets it in, warns, or refuses. */
export const MEMBERSHIP_OUTCOMES = ['allowed', 'warned', 'refused'] as const;
export type MembershipOutcome = (typeof MEMBERSHIP_OUTCOMES)[number];

export const MEMBERSHIP_OUTCOME_LABELS: Record<MembershipOutcome, string> = {
  allowed: 'Allowed',
  warned: 'Warned',
  refused: 'Refused',
};

export function membershipOutcome(rule: CheckInMembershipRule, status: MembershipStatus): MembershipOutcome {
  if (rule === 'off' || (status !== 'past_due' && status !== 'frozen')) return 'allowed';
  return rule === 'refuse' ? 'refused' : 'warned';
}
