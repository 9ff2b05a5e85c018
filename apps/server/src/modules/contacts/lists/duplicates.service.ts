import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { rows } from '../../../lib/sql.ts';
import { type PickerRow, pickerOptionSql, toPickerOption } from '../picker.ts';

// Duplicate contacts (contact/duplicate): groups of live contacts sharing an e-mail or phone, for
// the merge screen.

const GROUP_MEMBERS_MAX = 20;

/**
 * Groups of live contacts sharing an e-mail (case-insensitive) or phone digits, a page of groups
 * per kind, each with up to 20 members. Grouping walks the exact-lookup indexes in key order.
 */
export async function duplicateGroups(
  tx: Tx,
  orgId: string,
  q: { by: 'email' | 'phone' | 'any'; page: number; pageSize: number },
) {
  const kinds = q.by === 'any' ? (['email', 'phone'] as const) : ([q.by] as const);
  const perKind = kinds.map((kind) => {
    const key = kind === 'email' ? sql`lower(c.email)` : sql`c.phone_digits`;
    const present = kind === 'email' ? sql`c.email is not null` : sql`c.phone_digits is not null`;
    return sql`(select ${kind}::text as dup_by, k.dup_key, m.* from (
        select ${key} as dup_key from contacts c
        where c.organization_id = ${orgId} and c.deleted_at is null and ${present}
        group by ${key} having count(*) > 1
        order by ${key} limit ${q.pageSize + 1} offset ${q.page * q.pageSize}
      ) k cross join lateral (
        select c.* from contacts c
        where c.organization_id = ${orgId} and c.deleted_at is null and ${present} and ${key} = k.dup_key
        order by c.created_at, c.id limit ${GROUP_MEMBERS_MAX}
      ) m)`;
  });
  const found = await rows<PickerRow & { dup_by: 'email' | 'phone'; dup_key: string }>(
    tx,
    pickerOptionSql(
      sql.join(perKind, sql` union all `),
      sql`c.dup_by, c.dup_key, c.created_at, c.id`,
      sql`, c.dup_by, c.dup_key`,
    ),
  );
  const groups = new Map<
    string,
    { by: 'email' | 'phone'; key: string; contacts: ReturnType<typeof toPickerOption>[] }
  >();
  for (const r of found) {
    const id = `${r.dup_by}:${r.dup_key}`;
    if (!groups.has(id)) groups.set(id, { by: r.dup_by, key: r.dup_key, contacts: [] });
    groups.get(id)!.contacts.push(toPickerOption(r));
  }
  let hasMore = false;
  const list = kinds.flatMap((kind) => {
    const ofKind = [...groups.values()].filter((g) => g.by === kind);
    if (ofKind.length > q.pageSize) hasMore = true;
    return ofKind.slice(0, q.pageSize);
  });
  return { list, pagination: { page: q.page, pageSize: q.pageSize, hasMore } };
}
