import { type ImportOptions, normalizePhone, phoneDigits } from '@opsuite/shared';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { lockForTransaction } from '../../../db/locks.ts';
import { newId } from '../../../lib/ids.ts';
import { rows } from '../../../lib/sql.ts';
import { codedTypeIds, freshCheckInCodes } from '../check-in-code.ts';
import { phoneCountryOf } from '../phones.ts';
import { resolveLookups } from './lookups.ts';
import type { ImportCandidate } from './rows.ts';

// Writing checked rows as contacts, shared by the import worker (a batch at a time) and the
// synchronous bulk creations. Rows that repeat a saved contact's e-mail or phone digits are
// duplicates; a punch id already in use refuses the row. Everything else is inserted with its
// tags, timeline entry and note in one statement, so the count triggers run once per batch.

export interface WriteContext {
  organizationId: string;
  userId: string | null;
  options: ImportOptions;
  /** A contact type every row gets (addBulkLeads: the lead type), over the row's own. */
  forcedTypeId?: string | null;
  activity: { kind: string; title: string; data: (rowNo: number) => Record<string, unknown> };
}

export interface RowResult {
  rowNo: number;
  outcome: 'created' | 'duplicate' | 'rejected';
  contactId: string | null;
  reason: string | null;
  matchContactId: string | null;
  matchRow: number | null;
}

/** One contact row as insertContacts() sends it (jsonb_to_recordset's columns). */
interface NewContact {
  id: string;
  contact_type_id: string | null;
  punch_id: string | null;
  [column: string]: unknown;
}

interface Match {
  by: 'email' | 'phone' | 'punch';
  key: string;
  id: string;
  full_name: string;
}

/**
 * Serialises de-duplication inside one organisation (imports, bulk creations) until the
 * transaction ends, so two writers never both decide that the same e-mail is new.
 */
export async function lockOrganizationDedupe(tx: Tx, organizationId: string): Promise<void> {
  await lockForTransaction(tx, `contacts.dedupe:${organizationId}`);
}

async function savedMatches(tx: Tx, orgId: string, candidates: ImportCandidate[]): Promise<Match[]> {
  const emails = [...new Set(candidates.map((r) => r.email).filter((v): v is string => !!v))];
  const phones = [...new Set(candidates.map((r) => r.phoneDigits).filter((v): v is string => !!v))];
  const punches = [...new Set(candidates.map((r) => r.punchId).filter((v): v is string => !!v))];
  const parts = [];
  const live = sql`c.organization_id = ${orgId} and c.deleted_at is null`;
  if (emails.length > 0) {
    parts.push(sql`select 'email' as by, lower(c.email) as key, c.id, c.full_name from contacts c
      where ${live} and c.email is not null and lower(c.email) = any(${sql.param(emails)}::text[])`);
  }
  if (phones.length > 0) {
    parts.push(sql`select 'phone' as by, c.phone_digits as key, c.id, c.full_name from contacts c
      where ${live} and c.phone_digits is not null and c.phone_digits = any(${sql.param(phones)}::text[])`);
  }
  if (punches.length > 0) {
    parts.push(sql`select 'punch' as by, c.punch_id as key, c.id, c.full_name from contacts c
      where ${live} and c.punch_id is not null and c.punch_id = any(${sql.param(punches)}::text[])`);
  }
  if (parts.length === 0) return [];
  return rows<Match>(tx, sql`${sql.join(parts, sql` union all `)} order by 3`);
}

/**
 * Writes `candidates` (already checked and free of repeats among themselves) for one organisation
 * inside `tx`, answering one result per row in the order given.
 */
export async function writeCandidates(
  tx: Tx,
  wc: WriteContext,
  candidates: { rowNo: number; value: ImportCandidate }[],
): Promise<RowResult[]> {
  if (candidates.length === 0) return [];
  const orgId = wc.organizationId;
  await lockOrganizationDedupe(tx, orgId);
  // Phones are stored in E.164 with the organisation's country, and compared by those digits.
  const country = await phoneCountryOf(tx, orgId);
  candidates = candidates.map((r) => {
    const phone = normalizePhone(r.value.phone, country);
    return { rowNo: r.rowNo, value: { ...r.value, phone, phoneDigits: phoneDigits(phone) || null } };
  });
  const matches = await savedMatches(
    tx,
    orgId,
    candidates.map((r) => r.value),
  );
  const first = (by: Match['by'], key: string | null) =>
    key ? matches.find((m) => m.by === by && m.key === key) : undefined;

  const results = new Map<number, RowResult>();
  const refuse = (rowNo: number, outcome: 'duplicate' | 'rejected', reason: string, match?: Match) =>
    results.set(rowNo, {
      rowNo,
      outcome,
      contactId: null,
      reason,
      matchContactId: match?.id ?? null,
      matchRow: null,
    });

  const fresh: { rowNo: number; value: ImportCandidate }[] = [];
  for (const row of candidates) {
    const c = row.value;
    const byEmail = first('email', c.email);
    const byPhone = byEmail ? undefined : first('phone', c.phoneDigits);
    const dup = byEmail ?? byPhone;
    if (dup) {
      refuse(row.rowNo, 'duplicate', `Duplicate of contact ${dup.full_name} (same ${dup.by})`, dup);
      continue;
    }
    const punch = first('punch', c.punchId);
    if (punch) {
      refuse(
        row.rowNo,
        'rejected',
        `Punch ID ${c.punchId} is already used by contact ${punch.full_name}`,
        punch,
      );
      continue;
    }
    fresh.push(row);
  }

  const lookups = await resolveLookups(
    tx,
    orgId,
    fresh.map((r) => r.value),
  );
  const inserts: NewContact[] = [];
  for (const { rowNo, value: c } of fresh) {
    const typeProblem = wc.forcedTypeId ? null : lookups.typeProblem(c.contactType);
    if (typeProblem) {
      refuse(rowNo, 'rejected', typeProblem);
      continue;
    }
    const id = newId();
    const tagIds = [...new Set([...(wc.options.tagIds ?? []), ...c.tags.map((t) => lookups.tagId(t))])];
    inserts.push({
      id,
      full_name: c.fullName,
      first_name: c.firstName,
      last_name: c.lastName,
      email: c.email,
      phone: c.phone,
      status: c.status ?? wc.options.status ?? 'active',
      is_former: c.isFormer,
      contact_type_id: wc.forcedTypeId ?? lookups.typeId(c.contactType) ?? wc.options.contactTypeId ?? null,
      stage_id: lookups.stageId(c.stage) ?? wc.options.stageId ?? null,
      lead_source_id: lookups.leadSourceId(c.leadSource) ?? wc.options.leadSourceId ?? null,
      punch_id: c.punchId,
      billing_address: c.billingAddress,
      birthday: c.birthday,
      payment_status: c.paymentStatus,
      plan: c.plan,
      tag_ids: tagIds,
      activity_id: newId(),
      activity_data: wc.activity.data(rowNo),
      note_id: c.note ? newId() : null,
      note: c.note,
    });
    results.set(rowNo, {
      rowNo,
      outcome: 'created',
      contactId: id,
      reason: null,
      matchContactId: null,
      matchRow: null,
    });
  }
  if (inserts.length > 0) {
    await giveCheckInCodes(tx, orgId, inserts);
    await insertContacts(tx, wc, inserts);
  }
  return candidates.map((r) => results.get(r.rowNo)!);
}

/**
 * New members and employees without a punch id get a random code each (check-in-code.ts): a
 * member's check-in code, an employee's punch id at the tablet time clock.
 */
async function giveCheckInCodes(tx: Tx, orgId: string, inserts: NewContact[]): Promise<void> {
  const typed = inserts.filter((r) => !r.punch_id && r.contact_type_id);
  if (typed.length === 0) return;
  const coded = await codedTypeIds(tx, orgId);
  const needing = typed.filter((r) => coded.has(r.contact_type_id!));
  const given = new Set(inserts.map((r) => r.punch_id).filter((v): v is string => !!v));
  const codes = await freshCheckInCodes(tx, orgId, needing.length, given);
  needing.forEach((r, i) => {
    r.punch_id = codes[i]!;
  });
}

async function insertContacts(tx: Tx, wc: WriteContext, inserts: NewContact[]): Promise<void> {
  const orgId = wc.organizationId;
  const user = wc.userId;
  await tx.execute(sql`
    with x as (
      select * from jsonb_to_recordset(${JSON.stringify(inserts)}::jsonb) as x(
        id uuid, full_name text, first_name text, last_name text, email text, phone text, status text,
        is_former boolean, contact_type_id uuid, stage_id uuid, lead_source_id uuid, punch_id text,
        billing_address jsonb, birthday date, payment_status text, plan text, tag_ids jsonb,
        activity_id uuid, activity_data jsonb, note_id uuid, note text)
    ), saved as (
      insert into contacts (organization_id, id, full_name, first_name, last_name, email, phone, status,
        is_former, contact_type_id, stage_id, lead_source_id, punch_id, billing_address, birthday,
        payment_status, plan, created_by)
      select ${orgId}, id, full_name, first_name, last_name, email, phone, status, is_former, contact_type_id,
        stage_id, lead_source_id, punch_id, billing_address, birthday, payment_status, plan, ${user}::uuid
      from x
      returning id
    ), tagged as (
      insert into contact_tags (organization_id, contact_id, tag_id)
      select ${orgId}, x.id, t.tag_id::uuid from x cross join jsonb_array_elements_text(x.tag_ids) as t(tag_id)
    ), timeline as (
      insert into contact_activities (organization_id, id, contact_id, kind, title, data, actor_user_id)
      select ${orgId}, activity_id, id, ${wc.activity.kind}, ${wc.activity.title}, activity_data, ${user}::uuid from x
    ), notes as (
      insert into followup_notes (organization_id, id, contact_id, note, created_by)
      select ${orgId}, note_id, id, note, ${user}::uuid from x where note_id is not null
    )
    select count(*) from saved`);
}
