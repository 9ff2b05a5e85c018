import { describe, expect, it } from 'vitest';
import { formatPhoneDisplay, phoneDigits } from './phone.ts';

describe('phoneDigits', () => {
  it('keeps only digits', () => {
    expect(phoneDigits('+1 (555) 123-4567')).toBe('15551234567');
    expect(phoneDigits('ext. 12')).toBe('12');
    expect(phoneDigits(4471234)).toBe('4471234');
    expect(phoneDigits('')).toBe('');
    expect(phoneDigits('abc')).toBe('');
    expect(phoneDigits(null)).toBe('');
    expect(phoneDigits(undefined)).toBe('');
  });
});

describe('formatPhoneDisplay', () => {
  it('formats an 11-digit number as +1 (xxx) xxx-xxxx', () => {
    expect(formatPhoneDisplay('15551234567')).toBe('+1 (555) 123-4567');
    expect(formatPhoneDisplay('+1 555.123.4567')).toBe('+1 (555) 123-4567');
    expect(formatPhoneDisplay(15551234567)).toBe('+1 (555) 123-4567');
  });

  it('uses digits 2-11 whatever the leading digit is', () => {
    expect(formatPhoneDisplay('75551234567')).toBe('+1 (555) 123-4567');
  });

  it('adds a leading plus to other lengths', () => {
    expect(formatPhoneDisplay('5551234567')).toBe('+5551234567');
    expect(formatPhoneDisplay('447911123456')).toBe('+447911123456');
    expect(formatPhoneDisplay('123')).toBe('+123');
  });

  it('does not double an existing plus', () => {
    expect(formatPhoneDisplay('+447911123456')).toBe('+447911123456');
    expect(formatPhoneDisplay('+44 7911 123456')).toBe('+447911123456');
  });

  it('returns empty for empty or digitless input', () => {
    expect(formatPhoneDisplay('')).toBe('');
    expect(formatPhoneDisplay('   ')).toBe('');
    expect(formatPhoneDisplay('+')).toBe('');
    expect(formatPhoneDisplay(null)).toBe('');
    expect(formatPhoneDisplay(undefined)).toBe('');
  });
});
