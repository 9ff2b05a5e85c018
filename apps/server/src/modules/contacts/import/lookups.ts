import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { newId } from '../../../lib/ids.ts';
import { rows } from '../../../lib/sql.ts';
import type { ImportCandidate } from './rows.ts';

// Import rows name their tags, lead source, stage and contact type; these become ids here.
// Missing tags, lead sources and stages are created (a file is how many organisations first bring
// in their lists); contact types are roles, so an unknown or privileged one refuses the row.

export interface Lookups {
  tagId(name: string): string;
  leadSourceId(name: string | null): string | null;
  stageId(name: string | null): string | null;
  typeId(name: string | null): string | null;
  /** Why the row's contact type cannot be used, or null. */
  typeProblem(name: string | null): string | null;
}

type Keyed = { id: string; key: string };
const PRIVILEGED = new Set(['admin', 'primary']);

function distinctNames(values: (string | null)[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const v of values) if (v && !out.has(v.toLowerCase())) out.set(v.toLowerCase(), v);
  return out;
}

/** Ids of named tags or lead sources (unique by lower-case name), creating those missing. */
async function ensureNamed(
  tx: Tx,
  table: 'tags' | 'lead_sources',
  orgId: string,
  names: Map<string, string>,
): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (names.size === 0) return found;
  const wanted = [...names.values()].map((name) => ({ id: newId(), name }));
  const t = sql.identifier(table);
  const records = await rows<Keyed>(
    tx,
    sql`with wanted as (select * from jsonb_to_recordset(${JSON.stringify(wanted)}::jsonb) as w(id uuid, name text)),
      made as (insert into ${t} (organization_id, id, name) select ${orgId}, id, name from wanted
               on conflict do nothing returning id, lower(name) as key)
      select id, key from made
      union all
      select id, lower(name) from ${t} where organization_id = ${orgId} and lower(name) in (select lower(name) from wanted)`,
  );
  for (const r of records) found.set(r.key, r.id);
  const missing = [...names.keys()].filter((k) => !found.has(k));
  if (missing.length > 0) {
    // Created by another writer during the statement above: visible to a new statement.
    const late = await rows<Keyed>(
      tx,
      sql`select id, lower(name) as key from ${t}
          where organization_id = ${orgId} and lower(name) = any(${sql.param(missing)}::text[])`,
    );
    for (const r of late) found.set(r.key, r.id);
  }
  return found;
}

async function ensureStages(tx: Tx, orgId: string, names: Map<string, string>): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  if (names.size === 0) return found;
  const existing = await rows<Keyed>(
    tx,
    sql`select distinct on (lower(name)) id, lower(name) as key from stages
        where organization_id = ${orgId} and lower(name) = any(${sql.param([...names.keys()])}::text[])
        order by lower(name), sort_order, id`,
  );
  for (const r of existing) found.set(r.key, r.id);
  const made = [...names.entries()]
    .filter(([key]) => !found.has(key))
    .map(([key, name], i) => ({ id: newId(), name, i, key }));
  if (made.length > 0) {
    await tx.execute(sql`
      insert into stages (organization_id, id, name, sort_order)
      select ${orgId}, m.id, m.name,
             (select coalesce(max(sort_order), 0) from stages where organization_id = ${orgId}) + 1 + m.i
      from jsonb_to_recordset(${JSON.stringify(made)}::jsonb) as m(id uuid, name text, i int)`);
    for (const m of made) found.set(m.key, m.id);
  }
  return found;
}

async function contactTypes(tx: Tx, orgId: string, names: Map<string, string>) {
  if (names.size === 0) return [];
  return rows<{ id: string; name: string; type: string }>(
    tx,
    sql`select id, name, type from contact_types
        where organization_id = ${orgId}
          and (lower(name) = any(${sql.param([...names.keys()])}::text[])
               or lower(type) = any(${sql.param([...names.keys()])}::text[]))
        order by sort_order, id`,
  );
}

export async function resolveLookups(tx: Tx, orgId: string, candidates: ImportCandidate[]): Promise<Lookups> {
  const tags = await ensureNamed(tx, 'tags', orgId, distinctNames(candidates.flatMap((r) => r.tags)));
  const sources = await ensureNamed(
    tx,
    'lead_sources',
    orgId,
    distinctNames(candidates.map((r) => r.leadSource)),
  );
  const stages = await ensureStages(tx, orgId, distinctNames(candidates.map((r) => r.stage)));
  const types = await contactTypes(tx, orgId, distinctNames(candidates.map((r) => r.contactType)));
  const typeOf = (name: string) => {
    const key = name.toLowerCase();
    return types.find((t) => t.name.toLowerCase() === key) ?? types.find((t) => t.type.toLowerCase() === key);
  };
  return {
    tagId: (name) => tags.get(name.toLowerCase())!,
    leadSourceId: (name) => (name ? (sources.get(name.toLowerCase()) ?? null) : null),
    stageId: (name) => (name ? (stages.get(name.toLowerCase()) ?? null) : null),
    typeId: (name) => (name ? (typeOf(name)?.id ?? null) : null),
    typeProblem(name) {
      if (!name) return null;
      const t = typeOf(name);
      if (!t) return `Unknown contact type: "${name}"`;
      if (PRIVILEGED.has(t.type)) return `Contact type ${t.name} cannot be given by an import`;
      return null;
    },
  };
}
