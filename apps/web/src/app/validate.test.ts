import { billingSettingsBody } from '@opsuite/shared';
import { describe, expect, it } from 'vitest';
import { validate } from './validate';

describe('form validation messages', () => {
  it('a retry list that is not numbers reads as a sentence naming the field', () => {
    const checked = validate(billingSettingsBody, {
      retryDays: [1, Number.NaN],
      processingFeeEnabled: false,
      processingFeePercent: 3,
      processingFeeTitle: 'Card fee',
    });
    expect(checked.ok).toBe(false);
    expect(checked.errors.retryDays).toBe('Retry days must be numbers of days, for example 1, 3, 7');
    expect(Object.values(checked.errors).join(' ')).not.toMatch(/Invalid input|expected|received/);
  });
});
