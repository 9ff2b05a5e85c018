import { describe, expect, it } from 'vitest';
import { isValidEmail } from './email.ts';

describe('isValidEmail', () => {
  it.each([
    'jane@example.com',
    'jane.doe+gym@mail.example.co.uk',
    'a_b-c@sub-domain.io',
    "o'brien@example.ie",
    '  padded@example.com  ',
    'UPPER@EXAMPLE.COM',
  ])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    '',
    '   ',
    'plainaddress',
    '@example.com',
    'jane@',
    'jane@example',
    'jane@example.c',
    'jane@@example.com',
    'jane@exa mple.com',
    'jane doe@example.com',
    '.jane@example.com',
    'jane.@example.com',
    'ja..ne@example.com',
    'jane@-example.com',
    'jane@example-.com',
    'jane@example..com',
  ])('rejects %j', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it('rejects null, undefined and overlong addresses', () => {
    expect(isValidEmail(null)).toBe(false);
    expect(isValidEmail(undefined)).toBe(false);
    expect(isValidEmail(`${'a'.repeat(65)}@example.com`)).toBe(false);
    expect(isValidEmail(`${'a'.repeat(64)}@example.com`)).toBe(true);
    expect(isValidEmail(`a@${`${'b'.repeat(60)}.`.repeat(5)}com`)).toBe(false);
  });
});
