import { describe, expect, it } from 'vitest';
import { newId } from './ids.ts';

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('ids (UUID version 7)', () => {
  it('carries the time in its first 48 bits, the version and the variant', () => {
    const at = Date.UTC(2026, 10, 23, 4, 30, 0, 123);
    const id = newId(at);
    expect(id).toMatch(V7);
    expect(Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at);
  });

  it('is unique and sorts by time', () => {
    const ids = Array.from({ length: 10_000 }, (_, i) => newId(1_700_000_000_000 + Math.floor(i / 10)));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(V7);
    const early = newId(1_700_000_000_000);
    const late = newId(1_700_000_000_001);
    expect(early < late).toBe(true);
  });
});
