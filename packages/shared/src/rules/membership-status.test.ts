import { describe, expect, it } from 'vitest';
import { membershipOutcome, membershipStatus } from './membership-status.ts';

describe('membership status', () => {
  it('puts a frozen or past-due payment before the plan', () => {
    expect(membershipStatus('Gold', 'frozen')).toBe('frozen');
    expect(membershipStatus('Gold', 'past_due')).toBe('past_due');
    expect(membershipStatus(null, 'past_due')).toBe('past_due');
    expect(membershipStatus('Gold', 'none')).toBe('active');
    expect(membershipStatus(null, 'none')).toBe('no_plan');
    expect(membershipStatus('', null)).toBe('no_plan');
  });

  it('answers what the rule does with the status', () => {
    expect(membershipOutcome('off', 'frozen')).toBe('allowed');
    expect(membershipOutcome('warn', 'past_due')).toBe('warned');
    expect(membershipOutcome('refuse', 'frozen')).toBe('refused');
    expect(membershipOutcome('refuse', 'active')).toBe('allowed');
    expect(membershipOutcome('refuse', 'no_plan')).toBe('allowed');
  });
});
