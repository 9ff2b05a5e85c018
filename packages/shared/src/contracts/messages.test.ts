import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { billingSettingsBody } from './billing-payments.ts';
import { fieldLabel, readableIssue } from './messages.ts';

const messages = (schema: z.ZodType, value: unknown) =>
  (schema.safeParse(value).error?.issues ?? []).map((i) => readableIssue(i));

describe('form messages a person understands', () => {
  it('a retry list with a word in it names the field and asks for a number', () => {
    const retry = z.object({ retryDays: billingSettingsBody.shape.retryDays });
    expect(messages(retry, { retryDays: [1, Number.NaN] })).toEqual([
      'Retry days must be numbers of days, for example 1, 3, 7',
    ]);
  });

  it('rewrites zod’s own messages into sentences naming the field', () => {
    const form = z.object({
      fullName: z.string().min(1),
      age: z.number().int().min(0).max(120),
      email: z.email(),
      kind: z.enum(['hourly', 'salaried']),
      tags: z.array(z.string()).max(2),
      note: z.string().max(5),
    });
    const out = messages(form, {
      fullName: '',
      age: 200,
      email: 'not-mail',
      kind: 'weekly',
      tags: ['a', 'b', 'c'],
      note: 'too long',
    });
    expect(out).toEqual([
      'Full name is required',
      'Age must be 120 or less',
      'Email must be a valid e-mail address',
      'Kind must be one of: hourly, salaried',
      'Tags can have at most 2 entries',
      'Note must be at most 5 characters',
    ]);
    expect(messages(form, { age: 'x' })).toContain('Age must be a number');
    expect(messages(form, {})).toContain('Full name is required');
    for (const m of messages(form, {})) expect(m).not.toMatch(/Invalid input|expected|received/);
  });

  it('keeps a schema’s own message as written', () => {
    expect(messages(billingSettingsBody.shape.retryDays, [0])).toEqual(['Retry days must be 1 or more']);
  });

  it('labels paths', () => {
    expect(fieldLabel(['processingFeePercent'])).toBe('Processing fee percent');
    expect(fieldLabel(['rows', 3, 'first_name'])).toBe('First name (item 4)');
    expect(fieldLabel([])).toBe('This value');
  });
});
