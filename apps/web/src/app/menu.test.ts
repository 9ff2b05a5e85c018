import { buildAbility, fullRule, readOnlyRule } from '@opsuite/shared/rules/permissions';
import { IconUsers } from '@tabler/icons-react';
import { describe, expect, it } from 'vitest';
import { type MenuEntry, moduleCards, visibleMenu } from './menu';
import { MENU } from './router';

const entries: MenuEntry[] = [
  { label: 'Home', path: '/', icon: IconUsers, resource: 'base' },
  { label: 'Contacts', path: '/contacts', icon: IconUsers, resource: 'contacts' },
  { label: 'Payroll', path: '/payroll', icon: IconUsers, resource: 'payroll' },
  { label: 'Settings', path: '/settings/organization', icon: IconUsers, resource: 'settings' },
];

describe('menu registry', () => {
  it('shows an entry only when the ability can read its resource', () => {
    const ability = buildAbility([fullRule('contacts'), readOnlyRule('settings')]);
    expect(visibleMenu(ability, 'admin', entries).map((e) => e.label)).toEqual([
      'Home',
      'Contacts',
      'Settings',
    ]);
  });

  it('everyone reads the base resource, nothing else without rules', () => {
    expect(visibleMenu(buildAbility([]), 'admin', entries).map((e) => e.label)).toEqual(['Home']);
  });

  it('a rule without read grants nothing', () => {
    const ability = buildAbility([
      { resource: 'payroll', read: false, write: true, update: true, delete: true },
    ]);
    expect(visibleMenu(ability, 'admin', entries).map((e) => e.label)).toEqual(['Home']);
  });

  it('landing entries follow the user type', () => {
    const ability = buildAbility([fullRule('settings')]);
    expect(visibleMenu(ability, 'admin', MENU).map((e) => e.path)).toEqual([
      '/',
      '/settings/organization',
      '/settings/check-in-theme',
    ]);
    expect(visibleMenu(buildAbility([]), 'client', MENU).map((e) => e.path)).toEqual(['/access-control']);
  });

  it('home cards list the visible modules without the landing pages', () => {
    const ability = buildAbility([fullRule('settings')]);
    expect(moduleCards(ability, 'admin', MENU).map((e) => e.label)).toEqual([
      'Organisation settings',
      'Check-in theme',
    ]);
    expect(moduleCards(buildAbility([]), 'admin', MENU)).toEqual([]);
  });

  it('every registry entry has a label, an absolute path and a resource', () => {
    for (const entry of MENU) {
      expect(entry.label).not.toBe('');
      expect(entry.path.startsWith('/')).toBe(true);
      expect(entry.resource).not.toBe('');
    }
  });
});
