import type { ContactAnswer } from '@opsuite/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { isoText, rows } from '../../../lib/sql.ts';

// Reading contacts as their full answers: the stored answer of each (contact_answers, see
// README.md) when it is fresh, one built by the database otherwise.

/** The Last Attended of contact `c` (kept in contact_answers, migration 0020). */
export const LAST_ATTENDED = sql`(select a.last_attended_at from contact_answers a
  where a.organization_id = c.organization_id and a.contact_id = c.id)`;

/**
 * Contact answers for the rows of `source`, a subquery over contacts aliased `c` that has already
 * applied filters, order and limit; `orderBy` repeats its order for the few rows left. Each row
 * brings its stored answer (`body`, JSON text written by the database: contact_answers, migration
 * 0020) when it is fresh, else null, and its Last Attended; composeAnswers() makes the answers. A list
 * page so reads 100 stored texts instead of building them (most of its database time), and the
 * server sends them without parsing (sendJsonText). `extra` adds columns beside them.
 * The epoch is read by a subquery written out, not by contact_answer_epoch(): that function is
 * not inlined into a generic plan and ran once per row (list page 0.55 -> 1.13 ms of database CPU).
 */
export function contactAnswerSql(orgId: string, source: SQL, orderBy: SQL, extra: SQL = sql``): SQL {
  return sql`
    select c.id as contact_id,
      case when a.epoch = (select coalesce(max(e.epoch), 0) from contact_answer_epochs e
                           where e.organization_id = ${orgId}) then a.body end as body,
      ${isoText(sql`a.last_attended_at`)} as last_attended_at${extra}
    from (${source}) c
    left join contact_answers a on a.organization_id = c.organization_id and a.contact_id = c.id
    order by ${orderBy}`;
}

/** A row of contactAnswerSql. */
export interface ContactRow {
  contact_id: string;
  /** The stored answer without lastAttendedAt; null when stale (answerTexts builds it). */
  body: string | null;
  last_attended_at: string | null;
}

/** Contacts of `list` whose stored answer is stale (see contactAnswerSql). */
export const staleAnswers = (list: ContactRow[]): string[] =>
  list.filter((r) => r.body === null).map((r) => r.contact_id);

/**
 * Answers built afresh by contact_answer_bodies(), the definition stored ones are written from,
 * for contacts whose stored answer is stale (a rename moved the organisation's epoch on, or a
 * bulk change marked them). One statement whatever their number.
 */
export async function buildAnswers(tx: Tx, orgId: string, ids: string[]): Promise<Map<string, string>> {
  const built = new Map<string, string>();
  if (ids.length === 0) return built;
  const found = await rows<{ contact_id: string; body: string }>(
    tx,
    sql`select contact_id, body from contact_answer_bodies(${orgId}, ${sql.param(ids)}::uuid[])`,
  );
  for (const r of found) built.set(r.contact_id, r.body);
  return built;
}

/**
 * The answers of `list` as JSON texts, in their order: each body, stored or built, with Last
 * Attended in front. A contact deleted for good before its answer was built is left out.
 */
export function composeAnswers(list: ContactRow[], built: Map<string, string>): string[] {
  const out: string[] = [];
  for (const r of list) {
    const body = r.body ?? built.get(r.contact_id);
    if (body === undefined) continue;
    const at = r.last_attended_at === null ? 'null' : `"${r.last_attended_at}"`;
    out.push(`{"lastAttendedAt":${at},${body.slice(1)}`);
  }
  return out;
}

/** composeAnswers() with the stale answers built in the same transaction. */
export async function answerTexts(tx: Tx, orgId: string, list: ContactRow[]): Promise<string[]> {
  return composeAnswers(list, await buildAnswers(tx, orgId, staleAnswers(list)));
}

export function toContactAnswer(text: string): ContactAnswer {
  return JSON.parse(text) as ContactAnswer;
}

/** Live contacts of the bound organisation with these ids, as full answers, in one statement. */
export async function loadContacts(tx: Tx, organizationId: string, ids: string[]): Promise<ContactAnswer[]> {
  if (ids.length === 0) return [];
  const source = sql`select * from contacts
    where organization_id = ${organizationId} and id = any(${sql.param(ids)}::uuid[]) and deleted_at is null`;
  const found = await rows<ContactRow>(
    tx,
    contactAnswerSql(organizationId, source, sql`c.created_at desc, c.id desc`),
  );
  return (await answerTexts(tx, organizationId, found)).map(toContactAnswer);
}
