import { describe, expect, it } from 'vitest';
import { membershipBadgeText } from './membership-badge';

describe('membership badge on the attendance list', () => {
  it("names the status and what the organisation's rule does with it", () => {
    expect(membershipBadgeText('active', 'refuse')).toBe('Active');
    expect(membershipBadgeText('no_plan', 'warn')).toBe('No plan');
    expect(membershipBadgeText('past_due', 'warn')).toBe('Past due · warned');
    expect(membershipBadgeText('frozen', 'refuse')).toBe('Frozen · refused');
    expect(membershipBadgeText('frozen', 'off')).toBe('Frozen');
    expect(membershipBadgeText('past_due')).toBe('Past due');
  });
});
