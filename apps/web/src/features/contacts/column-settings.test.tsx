import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  columnStorageKey,
  moveItem,
  readColumnSettings,
  resolveColumns,
  settingsFromColumns,
  useColumnSettings,
} from './column-settings';
import type { ContactField } from './contacts.types';

const ORG = '0190a000-0000-7000-8000-000000000001';

function field(key: string, sortOrder: number, overrides: Partial<ContactField> = {}): ContactField {
  return {
    _id: `0190a000-0000-7000-8000-0000000002${String(sortOrder).padStart(2, '0')}`,
    key,
    value: key.toUpperCase(),
    fieldType: 'text',
    options: null,
    sortOrder,
    width: 100 + sortOrder,
    isVisible: true,
    isSystem: true,
    ...overrides,
  };
}

const FIELDS = [
  field('email', 1),
  field('fullName', 0),
  field('phone', 2),
  field('plan', 3, { isVisible: false }),
];

describe('column settings', () => {
  it("follows the organisation's order, and leaves out fields it hides", () => {
    const columns = resolveColumns(FIELDS, { order: [], hidden: [] });
    expect(columns.map((c) => c.key)).toEqual(['fullName', 'email', 'phone']);
    expect(columns.every((c) => c.visible)).toBe(true);
  });

  it("applies the user's order and hidden columns; the name column cannot be hidden", () => {
    const columns = resolveColumns(FIELDS, { order: ['phone', 'fullName'], hidden: ['email', 'fullName'] });
    expect(columns.map((c) => [c.key, c.visible])).toEqual([
      ['phone', true],
      ['fullName', true],
      ['email', false],
    ]);
  });

  it('is kept in local storage per organisation and read back', () => {
    const { result, unmount } = renderHook(() => useColumnSettings(ORG));
    const moved = moveItem(resolveColumns(FIELDS, result.current.settings), 2, -1);
    act(() =>
      result.current.save(
        settingsFromColumns(moved.map((c) => (c.key === 'email' ? { ...c, visible: false } : c))),
      ),
    );
    unmount();
    expect(JSON.parse(window.localStorage.getItem(columnStorageKey(ORG)) ?? 'null')).toEqual({
      order: ['fullName', 'phone', 'email'],
      hidden: ['email'],
    });
    const again = renderHook(() => useColumnSettings(ORG));
    expect(resolveColumns(FIELDS, again.result.current.settings).map((c) => c.key)).toEqual([
      'fullName',
      'phone',
      'email',
    ]);
    act(() => again.result.current.reset());
    expect(readColumnSettings(ORG)).toEqual({ order: [], hidden: [] });
  });

  it('ignores a stored value of the wrong shape', () => {
    window.localStorage.setItem(columnStorageKey(ORG), '{"order": 5}');
    expect(readColumnSettings(ORG)).toEqual({ order: [], hidden: [] });
  });

  it('moves items within bounds only', () => {
    expect(moveItem([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moveItem([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(moveItem([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });
});
