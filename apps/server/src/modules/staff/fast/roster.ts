import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { escapeLike, rows } from '../../../lib/sql.ts';
import { staffTypesSql } from '../access.ts';

// The roster: the employees on the schedule a page at a time, for the time sheet, the schedule
// grid and the attendance report, alone or with rows of theirs (sessions, shifts) in the same
// statement.

export interface EmployeeRow {
  id: string;
  full_name: string;
}

/**
 * The employees on the schedule (those with a staff record: added in staff settings or on the
 * grid, given a shift, or clocked in), a page at a time, by name or in the grid's order; with
 * `only`, that one employee whether on the schedule or not.
 */
export interface PageOptions {
  only?: string | null;
  search?: string;
  page: number;
  pageSize: number;
  order?: 'name' | 'grid';
}

/** The page's query: its employees in order, each numbered (n, from 1) in that order. */
function pageSql(orgId: string, opts: PageOptions) {
  const conds: SQL[] = [
    sql`c.organization_id = ${orgId}`,
    sql`c.deleted_at is null`,
    sql`ct.type in ${staffTypesSql}`,
  ];
  if (opts.only) conds.push(sql`c.id = ${opts.only}`);
  if (opts.search) conds.push(sql`lower(c.full_name) like ${`%${escapeLike(opts.search.toLowerCase())}%`}`);
  // By name: staff_members.sort_name (the contact's lower(full_name), kept by the database), so
  // that the roster is put in order before any contact is looked up.
  const byName = opts.only ? sql`lower(c.full_name), c.id` : sql`m.sort_name, m.contact_id`;
  const order =
    opts.order === 'grid' ? sql`order by m.row_order nulls last, ${byName}` : sql`order by ${byName}`;
  // The roster drives the query (a few hundred rows), not the organisation's contacts: its staff
  // records are ordered first (an index walk, or a sort of a few hundred short rows), then each
  // looks its contact up by key until the page is full. The two `offset 0` keep that shape on a
  // generic plan too, which knows neither how many contacts the organisation has nor how many
  // staff records pass the filters: without them it merged the roster with a walk over every
  // contact (0.8 s in a million), or looked up all 500 contacts to sort them by name.
  const from = opts.only
    ? sql`contacts c left join staff_members m on m.organization_id = c.organization_id and m.contact_id = c.id`
    : sql`(select * from staff_members m where m.organization_id = ${orgId} ${order} offset 0) m
        cross join lateral (
          select c.id, c.organization_id, c.full_name, c.contact_type_id, c.deleted_at from contacts c
          where c.organization_id = m.organization_id and c.id = m.contact_id offset 0) c`;
  return sql`select c.id, c.full_name, m.category_id, m.position_ids, m.hourly_cost_cents,
        row_number() over (${order}) as n
      from ${from}
      join contact_types ct on ct.organization_id = c.organization_id and ct.id = c.contact_type_id
      where ${opts.only ? sql`true` : sql`m.organization_id = ${orgId}`} and ${sql.join(conds, sql` and `)}
      ${order}
      limit ${opts.pageSize + 1} offset ${(opts.page - 1) * opts.pageSize}`;
}

export type PageRow = EmployeeRow & {
  category_id: string | null;
  position_ids: unknown;
  hourly_cost_cents: number | null;
};

/**
 * The employees on the schedule (those with a staff record: added in staff settings or on the
 * grid, given a shift, or clocked in), a page at a time, by name or in the grid's order; with
 * `only`, that one employee whether on the schedule or not. One more than the page when there is
 * a next page.
 */
export function employeesPage(tx: Tx, orgId: string, opts: PageOptions) {
  // A hand-planned statement (see pageSql: the two offset 0 keep its plan): no builder form.
  return rows<PageRow>(
    tx,
    sql`select id, full_name, category_id, position_ids, hourly_cost_cents
      from (${pageSql(orgId, opts)}) p order by n`,
  );
}

/**
 * Rows of a page's employees joined to it (pageWithSql): `join` is a left join whose rows carry
 * `columns` (`present` is true on a joined row), `order` sorts each employee's rows. An employee
 * with none comes once, with the joined columns null.
 */
export interface PageJoin {
  columns: SQL;
  join: (onPage: SQL) => SQL;
  present: SQL;
  order: SQL;
  rosterColumns?: boolean;
}

interface JoinedRow {
  page_id: string;
  page_full_name: string;
  page_category_id: string | null;
  page_position_ids: unknown;
  page_hourly_cost_cents: number | null;
  present: boolean;
}

/** A page of employees (as employeesPage) with rows of theirs joined, in one statement. */
export function pageWithSql(orgId: string, opts: PageOptions, joined: PageJoin): SQL {
  // Category, positions and cost only where they are used (the grid), not on every session row.
  const roster =
    joined.rosterColumns === false
      ? sql`null::uuid as page_category_id, null::jsonb as page_position_ids, null::int as page_hourly_cost_cents`
      : sql`p.category_id as page_category_id, p.position_ids as page_position_ids,
          p.hourly_cost_cents as page_hourly_cost_cents`;
  // The page's columns are prefixed, so that the joined rows may use any names.
  return sql`select p.id as page_id, p.full_name as page_full_name, ${roster},
        ${joined.present} as present, ${joined.columns}
      from (${pageSql(orgId, opts)}) p
      ${joined.join(sql`p.n <= ${opts.pageSize}`)}
      order by p.n, ${joined.order}`;
}

/** The employees of pageWithSql's rows, in order, and the joined rows that are present. */
export function splitPage<T>(found: unknown[]) {
  const people: PageRow[] = [];
  const list: T[] = [];
  for (const r of found as JoinedRow[]) {
    if (people.at(-1)?.id !== r.page_id) {
      people.push({
        id: r.page_id,
        full_name: r.page_full_name,
        category_id: r.page_category_id,
        position_ids: r.page_position_ids,
        hourly_cost_cents: r.page_hourly_cost_cents,
      });
    }
    if (r.present) list.push(r as unknown as T);
  }
  return { people, rows: list };
}

/**
 * Whether a page's statement may run on one generic plan (see db/fast/prepared.ts): the roster
 * is walked from the organisation's few hundred staff records, alike in every organisation; a
 * name search (a LIKE) is planned for its words.
 */
export const genericPage = (opts: PageOptions) => !opts.search;
