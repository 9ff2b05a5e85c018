import { type AnyPgColumn, foreignKey, primaryKey, timestamp } from 'drizzle-orm/pg-core';

// Column and key helpers of the tables: every tenant table carries organization_id (the tenant
// column each table file takes from organizations.tables.ts) first in its primary key and in
// every foreign key to another tenant table, so that no row can point into another organisation.

/** A point in time (timestamptz). */
export const instant = (name: string) => timestamp(name, { withTimezone: true });

export const createdAt = () => instant('created_at').notNull().defaultNow();

export const updatedAt = () => instant('updated_at').notNull().defaultNow();

interface TenantRow {
  organizationId: AnyPgColumn;
}

/** The primary key of a tenant table: organization_id, then the row's own key columns. */
export const tenantKey = (t: TenantRow, ...columns: AnyPgColumn[]) =>
  primaryKey({ columns: [t.organizationId, ...columns] });

/**
 * A foreign key from `column` of tenant table `t` to the row of tenant table `to` with that id in
 * the same organisation. `name` only where the default name would be too long or is already
 * taken; chain `.onDelete()` as needed.
 */
export const tenantReference = (
  t: TenantRow,
  column: AnyPgColumn,
  to: { organizationId: AnyPgColumn; id: AnyPgColumn },
  name?: string,
) => foreignKey({ name, columns: [t.organizationId, column], foreignColumns: [to.organizationId, to.id] });
