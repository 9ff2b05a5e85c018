import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { AppError, invalid } from '../../../lib/errors.ts';
import { verifyPassword } from '../../../lib/passwords.ts';
import { rows } from '../../../lib/sql.ts';
import { staffContact } from '../access.ts';

// The optional punch PIN. When the organisation requires one, the tablet time clock asks for it
// after the punch id and the server checks it against an argon2id hash on the employee's staff
// record (never answered). A wrong PIN, an unknown punch id and an employee without a PIN are
// all misses for the tablet's rate limit; the first two answer alike.

export const WRONG_PIN = 'The punch id or PIN is not right';
export const NO_PIN = 'Set your PIN on your Time clock page (or ask a manager) first';

/** Saves (or clears, with null) an employee's PIN hash; putting them on the roster if need be. */
export async function savePunchPin(tx: Tx, orgId: string, contactId: string, hash: string | null) {
  await staffContact(tx, orgId, contactId);
  await tx.execute(
    sql`insert into staff_members (organization_id, contact_id, punch_pin_hash) values (${orgId}, ${contactId}, ${hash})
        on conflict (organization_id, contact_id) do update set punch_pin_hash = excluded.punch_pin_hash,
          updated_at = now()`,
  );
  return { pinSet: hash !== null };
}

export async function hasPunchPin(tx: Tx, orgId: string, contactId: string): Promise<boolean> {
  const [row] = await rows<{ set: boolean }>(
    tx,
    sql`select punch_pin_hash is not null as set from staff_members
        where organization_id = ${orgId} and contact_id = ${contactId}`,
  );
  return row?.set ?? false;
}

/** Whether the organisation's tablet asks for a PIN. */
export async function pinRequired(tx: Tx, orgId: string): Promise<boolean> {
  const [row] = await rows<{ require_punch_pin: boolean }>(
    tx,
    sql`select require_punch_pin from staff_settings where organization_id = ${orgId}`,
  );
  return row?.require_punch_pin ?? false;
}

/** Refuses a tablet call without a PIN before anything is looked up, so it tells nothing. */
export function requirePinGiven(pin: string | undefined): asserts pin is string {
  if (!pin) throw invalid('pin', 'Enter your PIN');
}

/** The found employee's PIN must match; an unknown employee (null) spends the same time. */
export async function checkPunchPin(tx: Tx, orgId: string, contactId: string | null, pin: string) {
  const [row] = contactId
    ? await rows<{ punch_pin_hash: string | null }>(
        tx,
        sql`select punch_pin_hash from staff_members where organization_id = ${orgId} and contact_id = ${contactId}`,
      )
    : [];
  const hash = row?.punch_pin_hash ?? null;
  const ok = await verifyPassword(hash, pin);
  if (contactId && !hash) throw new AppError('FORBIDDEN', NO_PIN, [{ field: 'pin', message: NO_PIN }]);
  if (!ok) throw new AppError('FORBIDDEN', WRONG_PIN, [{ field: 'pin', message: WRONG_PIN }]);
}
