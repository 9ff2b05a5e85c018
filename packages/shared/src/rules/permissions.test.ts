import { describe, expect, it } from 'vitest';
import type { PermissionRule } from '../contracts/auth.ts';
import {
  ACTIONS,
  BASE_RESOURCE,
  buildAbility,
  can,
  dataFlowFor,
  deriveUserType,
  effectiveRules,
  fullRule,
  isOwnerType,
  isStaffType,
  landingPath,
  RESOURCES,
  readOnlyRule,
  roleLabel,
} from './permissions.ts';

function rule(resource: string, read: boolean, write = false, update = false, del = false): PermissionRule {
  return { resource, read, write, update, delete: del };
}

describe('constants and rule helpers', () => {
  it('lists the four actions and unique resources without base', () => {
    expect([...ACTIONS]).toEqual(['read', 'write', 'update', 'delete']);
    expect(new Set(RESOURCES).size).toBe(RESOURCES.length);
    expect(RESOURCES).not.toContain(BASE_RESOURCE);
    expect(RESOURCES).toContain('contacts');
  });

  it('builds full and read-only rules', () => {
    expect(fullRule('contacts')).toEqual(rule('contacts', true, true, true, true));
    expect(readOnlyRule('booking')).toEqual(rule('booking', true));
  });
});

describe('buildAbility', () => {
  it('always grants read on base, even with no rules', () => {
    expect(buildAbility([])).toEqual([{ action: 'read', subject: 'base' }]);
  });

  it('lists each granted action per resource in action order', () => {
    expect(buildAbility([fullRule('contacts'), rule('booking', true, false, true)])).toEqual([
      { action: 'read', subject: 'base' },
      { action: 'read', subject: 'contacts' },
      { action: 'write', subject: 'contacts' },
      { action: 'update', subject: 'contacts' },
      { action: 'delete', subject: 'contacts' },
      { action: 'read', subject: 'booking' },
      { action: 'update', subject: 'booking' },
    ]);
  });

  it('grants nothing on a resource without read, even if other actions are set', () => {
    expect(buildAbility([rule('payroll', false, true, true, true)])).toEqual([
      { action: 'read', subject: 'base' },
    ]);
  });

  it('does not repeat duplicate grants, including read on base', () => {
    const ability = buildAbility([readOnlyRule('staff'), fullRule('staff'), readOnlyRule('base')]);
    expect(ability).toEqual([
      { action: 'read', subject: 'base' },
      { action: 'read', subject: 'staff' },
      { action: 'write', subject: 'staff' },
      { action: 'update', subject: 'staff' },
      { action: 'delete', subject: 'staff' },
    ]);
  });
});

describe('effectiveRules', () => {
  const plan = [fullRule('contacts'), readOnlyRule('booking')];

  it('gives an admin (no role rules) copies of the plan rules', () => {
    const out = effectiveRules(plan, null);
    expect(out).toEqual(plan);
    expect(out[0]).not.toBe(plan[0]);
  });

  it('narrows role rules to what the plan grants', () => {
    expect(effectiveRules(plan, [fullRule('booking'), rule('contacts', true, false, true)])).toEqual([
      rule('booking', true),
      rule('contacts', true, false, true),
    ]);
  });

  it('drops resources the plan does not include', () => {
    expect(effectiveRules(plan, [fullRule('payroll')])).toEqual([]);
  });

  it('gives nothing for an empty role rule list', () => {
    expect(effectiveRules(plan, [])).toEqual([]);
  });
});

describe('can', () => {
  const ability = buildAbility([rule('contacts', true, true)]);

  it('answers from the ability list', () => {
    expect(can(ability, 'read', 'contacts')).toBe(true);
    expect(can(ability, 'write', 'contacts')).toBe(true);
    expect(can(ability, 'delete', 'contacts')).toBe(false);
    expect(can(ability, 'read', 'payroll')).toBe(false);
  });

  it('always allows read on base but nothing else on it by default', () => {
    expect(can([], 'read', 'base')).toBe(true);
    expect(can([], 'write', 'base')).toBe(false);
  });
});

describe('deriveUserType', () => {
  it('prefers the role contact type, then its name, lower-cased', () => {
    expect(deriveUserType({ contactType: { type: 'Admin', name: 'Owner' } })).toBe('admin');
    expect(deriveUserType({ contactType: { type: '  ', name: ' Employee ' } })).toBe('employee');
    expect(
      deriveUserType({ contactType: { type: null, name: 'Client' }, organizationUserType: 'admin' }),
    ).toBe('client');
  });

  it('falls back to the organisation entry, then user', () => {
    expect(deriveUserType({ contactType: null, organizationUserType: 'PRIMARY' })).toBe('primary');
    expect(deriveUserType({ contactType: { type: '', name: '' }, organizationUserType: ' ' })).toBe('user');
    expect(deriveUserType({})).toBe('user');
  });
});

describe('roleLabel', () => {
  it.each([
    ['primary', 'Primary Account'],
    ['admin', 'Admin'],
    ['employee', 'Employee'],
    ['client', 'Client'],
    ['user', 'User'],
    ['vendor', 'User'],
    ['', 'User'],
  ])('%j is labelled %s', (type, label) => {
    expect(roleLabel(type)).toBe(label);
  });
});

describe('landingPath', () => {
  it('sends admins home, clients to access control and others to login', () => {
    expect(landingPath('admin')).toBe('/');
    expect(landingPath('client')).toBe('/access-control');
    expect(landingPath('user')).toBe('/login');
    expect(landingPath('vendor')).toBe('/login');
    expect(landingPath('lead')).toBe('/login');
  });

  it('sends the primary account holder (the owner) and employees home', () => {
    expect(landingPath('primary')).toBe('/');
    expect(landingPath('employee')).toBe('/');
  });
});

describe('owner and staff types', () => {
  it('counts admins and the primary account holder as owners', () => {
    expect(isOwnerType('admin')).toBe(true);
    expect(isOwnerType('primary')).toBe(true);
    expect(isOwnerType('employee')).toBe(false);
    expect(isOwnerType('client')).toBe(false);
  });

  it('counts owners and employees as staff', () => {
    expect(isStaffType('employee')).toBe(true);
    expect(isStaffType('primary')).toBe(true);
    expect(isStaffType('client')).toBe(false);
    expect(isStaffType('vendor')).toBe(false);
  });
});

describe('dataFlowFor', () => {
  it('is on only for an admin with view-user-data on', () => {
    expect(dataFlowFor('admin', true)).toBe(true);
    expect(dataFlowFor('admin', false)).toBe(false);
    expect(dataFlowFor('employee', true)).toBe(false);
  });
});
