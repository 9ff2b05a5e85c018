import { describe, expect, it } from 'vitest';
import { Seam, Seams } from './seams.ts';

describe('seams: extension points per app', () => {
  const HOOKS = new Seam<{ label: string }>('test hooks');
  const SOURCE = new Seam<() => number>('test source');

  it('keeps every module’s entry in the order the modules first added them; a second add replaces', () => {
    const seams = new Seams();
    seams.add(HOOKS, 'contacts', { label: 'c' });
    seams.add(HOOKS, 'booking', { label: 'b' });
    seams.add(HOOKS, 'contacts', { label: 'c2' });
    expect(seams.all(HOOKS)).toEqual([
      ['contacts', { label: 'c2' }],
      ['booking', { label: 'b' }],
    ]);
    expect(seams.all(SOURCE)).toEqual([]);
    expect(seams.one(SOURCE)).toBeUndefined();
    seams.add(SOURCE, 'payroll', () => 7);
    expect(seams.one(SOURCE)?.()).toBe(7);
  });

  it('two apps (two Seams) share nothing, as two test apps in one process must not', () => {
    const first = new Seams();
    const second = new Seams();
    first.add(HOOKS, 'staff', { label: 's' });
    expect(second.all(HOOKS)).toEqual([]);
  });
});
