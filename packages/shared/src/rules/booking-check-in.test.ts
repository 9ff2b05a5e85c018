import { describe, expect, it } from 'vitest';
import { DEFAULT_CHECK_IN_RULES } from '../contracts/organization-settings.ts';
import { CHECK_IN_TEXT, checkInOpensText, checkInVerdict } from './booking-check-in.ts';

const startsAt = new Date('2026-03-02T10:00:00Z');
const endsAt = new Date('2026-03-02T11:00:00Z');
const at = (iso: string) => new Date(iso);
const facts = (over: Partial<Parameters<typeof checkInVerdict>[0]> = {}) => ({
  rules: DEFAULT_CHECK_IN_RULES,
  paymentStatus: 'none',
  startsAt,
  endsAt,
  now: at('2026-03-02T10:05:00Z'),
  ...over,
});

describe('checkInVerdict', () => {
  it('lets everyone in with the default rules, whatever the membership or the time', () => {
    expect(checkInVerdict(facts({ paymentStatus: 'frozen', now: at('2026-03-02T05:00:00Z') }))).toEqual({
      refusal: null,
      warning: null,
    });
  });

  it('refuses or only warns about a frozen or past-due membership, per the setting', () => {
    const refuse = { ...DEFAULT_CHECK_IN_RULES, membership: 'refuse' as const };
    const warn = { ...DEFAULT_CHECK_IN_RULES, membership: 'warn' as const };
    expect(checkInVerdict(facts({ rules: refuse, paymentStatus: 'frozen' })).refusal).toBe(
      CHECK_IN_TEXT.frozen,
    );
    expect(checkInVerdict(facts({ rules: refuse, paymentStatus: 'past_due' })).refusal).toBe(
      CHECK_IN_TEXT.pastDue,
    );
    expect(checkInVerdict(facts({ rules: refuse, paymentStatus: 'none' }))).toEqual({
      refusal: null,
      warning: null,
    });
    expect(checkInVerdict(facts({ rules: warn, paymentStatus: 'past_due' }))).toEqual({
      refusal: null,
      warning: CHECK_IN_TEXT.pastDue,
    });
  });

  it('opens N minutes before the start and closes M minutes after the end, edges included', () => {
    const rules = { ...DEFAULT_CHECK_IN_RULES, window: true, opensMinutesBefore: 30, closesMinutesAfter: 15 };
    expect(checkInVerdict(facts({ rules, now: at('2026-03-02T09:29:59Z') })).refusal).toBe(
      checkInOpensText(30),
    );
    expect(checkInVerdict(facts({ rules, now: at('2026-03-02T09:30:00Z') })).refusal).toBeNull();
    expect(checkInVerdict(facts({ rules, now: at('2026-03-02T11:15:00Z') })).refusal).toBeNull();
    expect(checkInVerdict(facts({ rules, now: at('2026-03-02T11:15:01Z') })).refusal).toBe(
      CHECK_IN_TEXT.closed,
    );
  });

  it('words the opening time', () => {
    expect(checkInOpensText(30)).toBe('Check-in opens 30 minutes before the class starts');
    expect(checkInOpensText(1)).toBe('Check-in opens 1 minute before the class starts');
    expect(checkInOpensText(0)).toBe('Check-in opens when the class starts');
  });
});
