import { describe, expect, it } from 'vitest';
import { AnswerCache } from './answer-cache.ts';

describe('kept answers', () => {
  it('answers what was kept under a key, with the fingerprint it was built from', () => {
    const kept = new AnswerCache<string>(1000);
    expect(kept.get('a')).toBeUndefined();
    kept.set('a', 'f1', 'answer', 10);
    expect(kept.get('a')).toMatchObject({ fingerprint: 'f1', value: 'answer' });
    kept.set('a', 'f2', 'newer', 10);
    expect(kept.get('a')).toMatchObject({ fingerprint: 'f2', value: 'newer' });
    expect(kept.size).toBe(1);
  });

  it('lets the least recently used go once the bytes held pass the limit', () => {
    const kept = new AnswerCache<string>(1000);
    kept.set('a', 'f', 'a', 240);
    kept.set('b', 'f', 'b', 240);
    kept.set('c', 'f', 'c', 240);
    kept.get('a'); // a is now the most recently used
    kept.set('d', 'f', 'd', 240);
    kept.set('e', 'f', 'e', 240); // 1,200 bytes: b, the least recently used, goes
    expect(kept.get('b')).toBeUndefined();
    expect(['a', 'c', 'd', 'e'].map((k) => kept.get(k)?.value)).toEqual(['a', 'c', 'd', 'e']);
    expect(kept.size).toBe(4);
  });

  it('keeps no answer larger than a quarter of the limit', () => {
    const kept = new AnswerCache<string>(1000);
    kept.set('small', 'f', 's', 100);
    kept.set('huge', 'f', 'h', 251);
    expect(kept.get('huge')).toBeUndefined();
    expect(kept.get('small')?.value).toBe('s');
  });
});
