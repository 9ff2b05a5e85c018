import { describe, expect, it } from 'vitest';
import { billingSettingsBody } from './billing-payments.ts';

const settings = {
  retryDays: [1, 3, 7],
  processingFeeEnabled: false,
  processingFeePercent: 0,
  processingFeeTitle: 'Card fee',
};

const messageOf = (body: unknown) => {
  const parsed = billingSettingsBody.safeParse(body);
  return parsed.success ? null : parsed.error.issues.map((i) => i.message);
};

describe('billing settings: a bad retry list is named in a sentence', () => {
  it('a word in the list (NaN once read) names the retry days', () => {
    expect(messageOf({ ...settings, retryDays: [1, Number.NaN, 7] })).toEqual([
      'Retry days must be numbers of days, for example 1, 3, 7',
    ]);
    expect(messageOf({ ...settings, retryDays: ['x'] })).toEqual([
      'Retry days must be numbers of days, for example 1, 3, 7',
    ]);
  });

  it('something other than a list names them too', () => {
    expect(messageOf({ ...settings, retryDays: 'soon' })).toEqual([
      'Retry days must be a list of days, for example 1, 3, 7',
    ]);
    expect(messageOf(settings)).toBeNull();
  });
});
