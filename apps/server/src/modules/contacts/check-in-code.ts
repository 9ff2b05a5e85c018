import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { rows } from '../../lib/sql.ts';
import { contacts } from './core.tables.ts';

// A new member's check-in code (their punch id), when none is given: 10 random digits from the
// operating system's cryptographic source, unique in the organisation. A kiosk can look up only a
// few codes a minute, and among 9,000,000,000 codes a guess finds nobody. A generated code never
// starts with 0, so it can never equal a short code typed at the kiosk (1234 is sent padded,
// 0000001234). Codes already given stay as they are.

/** Contacts of a contact type of this kind are members: they check in at the kiosk. */
export const MEMBER_TYPE = 'client';
/**
 * Types whose new contacts get a random code: members check in with it, employees clock in with
 * it at the tablet time clock (a short typed id would be easy to guess there).
 */
export const CODED_TYPES = [MEMBER_TYPE, 'employee'] as const;
const LOW = 1_000_000_000;
const HIGH = 10_000_000_000;
const ATTEMPTS = 5;

export type CodeSource = () => string;

export const newCheckInCode: CodeSource = () => String(randomInt(LOW, HIGH));

/** Whether a new contact of this type gets a code (a member's check-in code, an employee's punch id). */
export async function getsCheckInCode(
  tx: Tx,
  orgId: string,
  typeId: string | null | undefined,
): Promise<boolean> {
  if (!typeId) return false;
  const found = await rows<{ id: string }>(
    tx,
    sql`select id from contact_types where organization_id = ${orgId} and id = ${typeId}
        and type in (${sql.join(
          CODED_TYPES.map((t) => sql`${t}`),
          sql`, `,
        )})`,
  );
  return found.length > 0;
}

/** The organisation's contact types whose new contacts get a code (members and employees). */
export async function codedTypeIds(tx: Tx, orgId: string): Promise<Set<string>> {
  const found = await rows<{ id: string }>(
    tx,
    sql`select id from contact_types where organization_id = ${orgId}
        and type in (${sql.join(
          CODED_TYPES.map((t) => sql`${t}`),
          sql`, `,
        )})`,
  );
  return new Set(found.map((r) => r.id));
}

/**
 * Inserts one contact with a fresh check-in code. A code some live contact already has leaves
 * the row out (ON CONFLICT on the punch-id index, so a racing writer is covered too) and the
 * insert is tried again with another.
 */
export async function insertWithCheckInCode(
  tx: Tx,
  values: typeof contacts.$inferInsert,
  next: CodeSource = newCheckInCode,
): Promise<string> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const punchId = next();
    const saved = await tx
      .insert(contacts)
      .values({ ...values, punchId })
      .onConflictDoNothing({
        target: [contacts.organizationId, contacts.punchId],
        where: sql`deleted_at is null and punch_id is not null`,
      })
      .returning({ id: contacts.id });
    if (saved.length > 0) return punchId;
  }
  throw new AppError('INTERNAL', 'Unable to generate a check-in code');
}

/**
 * `n` fresh codes for a batch of new members: distinct, none in `reserved` (codes the batch's
 * own rows bring), none a live contact of the organisation has. The caller's transaction holds
 * the organisation's de-duplication lock, so other batches are not choosing codes meanwhile.
 */
export async function freshCheckInCodes(
  tx: Tx,
  orgId: string,
  n: number,
  reserved: ReadonlySet<string> = new Set(),
  next: CodeSource = newCheckInCode,
): Promise<string[]> {
  if (n === 0) return [];
  const codes = new Set<string>();
  const refused = new Set(reserved);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    while (codes.size < n) {
      const code = next();
      if (!refused.has(code)) codes.add(code);
    }
    const taken = await rows<{ punch_id: string }>(
      tx,
      sql`select punch_id from contacts where organization_id = ${orgId} and deleted_at is null
          and punch_id is not null and punch_id = any(${sql.param([...codes])}::text[])`,
    );
    if (taken.length === 0) return [...codes];
    for (const t of taken) {
      codes.delete(t.punch_id);
      refused.add(t.punch_id);
    }
  }
  throw new AppError('INTERNAL', 'Unable to generate check-in codes');
}
