import { describe, expect, it } from 'vitest';
import { findBadText } from './text-input.ts';

describe('text the database cannot store', () => {
  it('finds a NUL or a lone surrogate in values and keys, naming the field', () => {
    expect(findBadText({ email: 'a\u0000b@x.test' })).toEqual({
      field: 'email',
      message: 'must not contain the NUL character',
    });
    expect(findBadText({ rows: [{ name: 'ok' }, { name: 'ok', city: '\ud800x' }] })?.field).toBe(
      'rows.1.city',
    );
    expect(findBadText({ a: { 'b\udc00': 1 } })).toEqual({
      field: 'a.b\ufffd',
      message: 'must be valid Unicode text (it holds a lone surrogate)',
    });
    expect(findBadText('x\u0000')?.field).toBe('');
  });

  it('passes well-formed text, pairs and other values', () => {
    expect(
      findBadText({ name: 'Zoë 😀', n: 1, on: true, none: null, list: ['a', ['b', { c: 'd' }]] }),
    ).toBeNull();
    expect(findBadText(undefined)).toBeNull();
  });

  it('walks any depth without exhausting the stack', () => {
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findBadText(deep)?.message).toBe('must not contain the NUL character');
  });
});
