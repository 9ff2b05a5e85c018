import { useCallback, useState } from 'react';
import { readJson, writeJson } from '../../app/storage';
import type { ContactField } from './contacts.types';

// Which contact columns a user sees and in what order. The organisation sets labels, order and
// width (contact fields); each user picks and orders their visible columns, kept in local storage.

export interface ColumnSettings {
  /** Column keys in the user's order; keys not listed follow in the organisation's order. */
  order: string[];
  hidden: string[];
}

export interface ListColumn {
  key: string;
  label: string;
  width: number;
  fieldType: string;
  /** The custom field's id, for columns read from `customFields`. */
  customId: string | null;
  visible: boolean;
}

export const EMPTY_COLUMN_SETTINGS: ColumnSettings = { order: [], hidden: [] };
/** The name column stays: it is how a row is recognised and opened. */
export const LOCKED_COLUMN = 'fullName';

export function columnStorageKey(organizationId: string | undefined): string {
  return `contactColumns:${organizationId ?? 'none'}`;
}

function isSettings(value: unknown): value is ColumnSettings {
  const v = value as ColumnSettings | null;
  return (
    !!v &&
    Array.isArray(v.order) &&
    Array.isArray(v.hidden) &&
    v.order.every((k) => typeof k === 'string') &&
    v.hidden.every((k) => typeof k === 'string')
  );
}

export function readColumnSettings(organizationId: string | undefined): ColumnSettings {
  const stored = readJson<unknown>(columnStorageKey(organizationId));
  return isSettings(stored) ? stored : EMPTY_COLUMN_SETTINGS;
}

export function writeColumnSettings(organizationId: string | undefined, settings: ColumnSettings): void {
  writeJson(columnStorageKey(organizationId), settings);
}

/** Every column the organisation shows, in the user's order, each marked visible or not. */
export function resolveColumns(fields: readonly ContactField[], settings: ColumnSettings): ListColumn[] {
  const base = fields
    .filter((field) => field.isVisible)
    .sort((a, b) => a.sortOrder - b.sortOrder)
    .map<ListColumn>((field) => ({
      key: field.key,
      label: field.value,
      width: field.width,
      fieldType: field.fieldType,
      customId: field.key.startsWith('custom:') ? field._id : null,
      visible: field.key === LOCKED_COLUMN || !settings.hidden.includes(field.key),
    }));
  const rank = new Map(settings.order.map((key, index) => [key, index]));
  const fallback = settings.order.length;
  return base
    .map((column, index) => ({ column, index }))
    .sort((a, b) => {
      const ra = rank.get(a.column.key) ?? fallback + a.index;
      const rb = rank.get(b.column.key) ?? fallback + b.index;
      return ra - rb;
    })
    .map(({ column }) => column);
}

/** The settings that reproduce a list of columns as the user arranged it. */
export function settingsFromColumns(columns: readonly ListColumn[]): ColumnSettings {
  return {
    order: columns.map((column) => column.key),
    hidden: columns.filter((column) => !column.visible && column.key !== LOCKED_COLUMN).map((c) => c.key),
  };
}

/** Moves the item at `index` one place up (-1) or down (+1); out-of-range moves change nothing. */
export function moveItem<T>(items: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (index < 0 || index >= items.length || target < 0 || target >= items.length) return [...items];
  const next = [...items];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

export function useColumnSettings(organizationId: string | undefined) {
  const [settings, setSettings] = useState(() => readColumnSettings(organizationId));
  const save = useCallback(
    (next: ColumnSettings) => {
      writeColumnSettings(organizationId, next);
      setSettings(next);
    },
    [organizationId],
  );
  const reset = useCallback(() => save(EMPTY_COLUMN_SETTINGS), [save]);
  return { settings, save, reset };
}
