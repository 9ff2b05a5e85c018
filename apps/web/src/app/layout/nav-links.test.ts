import { describe, expect, it } from 'vitest';
import { activePath } from './nav-links';

describe('active menu entry', () => {
  const paths = ['/', '/contacts', '/contacts/settings', '/settings/organization'];
  it('picks the most specific matching entry', () => {
    expect(activePath('/contacts/settings', paths)).toBe('/contacts/settings');
    expect(activePath('/contacts/abc', paths)).toBe('/contacts');
    expect(activePath('/contacts', paths)).toBe('/contacts');
    expect(activePath('/', paths)).toBe('/');
    expect(activePath('/profile', paths)).toBeUndefined();
  });
});
