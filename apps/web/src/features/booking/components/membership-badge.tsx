import { Badge } from '@mantine/core';
import type { CheckInMembershipRule } from '@opsuite/shared';
import {
  MEMBERSHIP_STATUS_LABELS,
  type MembershipStatus,
  membershipOutcome,
} from '@opsuite/shared/rules/membership-status';

// A member's membership status on staff's attendance list, with what the organisation's check-in
// rule does with it ("Past due · warned"), so the front desk sees who to talk to.

const COLORS: Record<MembershipStatus, string> = {
  active: 'teal',
  past_due: 'red',
  frozen: 'blue',
  no_plan: 'gray',
};

/** "Past due · warned", "Frozen · refused", or the status alone when the rule lets it in. */
export function membershipBadgeText(status: MembershipStatus, rule?: CheckInMembershipRule): string {
  const label = MEMBERSHIP_STATUS_LABELS[status];
  if (!rule) return label;
  const outcome = membershipOutcome(rule, status);
  return outcome === 'allowed' ? label : `${label} · ${outcome}`;
}

export function MembershipBadge({
  status,
  rule,
}: {
  status: MembershipStatus;
  rule?: CheckInMembershipRule;
}) {
  return (
    <Badge
      color={COLORS[status]}
      variant="outline"
      size="sm"
      mt={4}
      style={{ alignSelf: 'flex-start' }}
      data-testid="attendee-membership"
    >
      {membershipBadgeText(status, rule)}
    </Badge>
  );
}
