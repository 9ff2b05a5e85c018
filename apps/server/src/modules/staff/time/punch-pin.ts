import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { AppError, invalid } from '../../../lib/errors.ts';
import { verifyPassword } from '../../../lib/passwords.ts';
import { staffContact } from '../access.ts';
import { staffMembers, staffSettings } from '../settings/settings.tables.ts';

// The optional punch PIN. When the organisation requires one, the tablet time clock asks for it
// after the punch id and the server checks it against an argon2id hash on the employee's staff
// record (never answered). A wrong PIN, an unknown punch id and an employee without a PIN are
// all misses for the tablet's rate limit; the first two answer alike.

export const WRONG_PIN = 'The punch id or PIN is not right';
export const NO_PIN = 'Set your PIN on your Time clock page (or ask a manager) first';

const memberWhere = (orgId: string, contactId: string) =>
  and(eq(staffMembers.organizationId, orgId), eq(staffMembers.contactId, contactId));

/** Saves (or clears, with null) an employee's PIN hash; putting them on the roster if need be. */
export async function savePunchPin(tx: Tx, orgId: string, contactId: string, hash: string | null) {
  await staffContact(tx, orgId, contactId);
  await tx
    .insert(staffMembers)
    .values({ organizationId: orgId, contactId, punchPinHash: hash })
    .onConflictDoUpdate({
      target: [staffMembers.organizationId, staffMembers.contactId],
      set: { punchPinHash: hash, updatedAt: sql`now()` },
    });
  return { pinSet: hash !== null };
}

export async function hasPunchPin(tx: Tx, orgId: string, contactId: string): Promise<boolean> {
  const [row] = await tx
    .select({ set: sql<boolean>`${staffMembers.punchPinHash} is not null` })
    .from(staffMembers)
    .where(memberWhere(orgId, contactId));
  return row?.set ?? false;
}

/** Whether the organisation's tablet asks for a PIN. */
export async function pinRequired(tx: Tx, orgId: string): Promise<boolean> {
  const [row] = await tx
    .select({ requirePunchPin: staffSettings.requirePunchPin })
    .from(staffSettings)
    .where(eq(staffSettings.organizationId, orgId));
  return row?.requirePunchPin ?? false;
}

/** Refuses a tablet call without a PIN before anything is looked up, so it tells nothing. */
export function requirePinGiven(pin: string | undefined): asserts pin is string {
  if (!pin) throw invalid('pin', 'Enter your PIN');
}

/** The found employee's PIN must match; an unknown employee (null) spends the same time. */
export async function checkPunchPin(tx: Tx, orgId: string, contactId: string | null, pin: string) {
  const [row] = contactId
    ? await tx
        .select({ hash: staffMembers.punchPinHash })
        .from(staffMembers)
        .where(memberWhere(orgId, contactId))
    : [];
  const hash = row?.hash ?? null;
  const ok = await verifyPassword(hash, pin);
  if (contactId && !hash) throw new AppError('FORBIDDEN', NO_PIN, [{ field: 'pin', message: NO_PIN }]);
  if (!ok) throw new AppError('FORBIDDEN', WRONG_PIN, [{ field: 'pin', message: WRONG_PIN }]);
}
