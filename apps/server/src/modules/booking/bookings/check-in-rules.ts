import { type CheckInRules, checkInRules } from '@opsuite/shared';
import { checkInVerdict } from '@opsuite/shared/rules/booking-check-in';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { namedSql } from '../../../db/fast/prepared.ts';
import { conflict } from '../../../lib/errors.ts';
import { isoText } from '../../../lib/sql.ts';

// The organisation's check-in rules (organisation settings), before a kiosk or staff check-in:
// a refusal is a 409 with the message the kiosk shows; a warning goes through and is returned.
// A member already checked in to the class is not asked again (the check-in stays idempotent).

interface Facts {
  membership: string;
  window: boolean;
  opens: number;
  closes: number;
  payment_status: string | null;
  starts_at: string | null;
  ends_at: string | null;
  done: boolean;
}

export interface CheckInGateInput {
  orgId: string;
  slotId: string;
  contactId: string;
}

/** Throws a 409 with the rule's message, or answers the warning to show (null: none). */
export async function checkInGate(tx: Tx, input: CheckInGateInput, now = new Date()): Promise<string | null> {
  const { orgId, slotId, contactId } = input;
  // A named prepared statement: every kiosk check-in reads it first, and planning it (row-level
  // security on four tables) cost more than running it.
  const [facts] = await namedSql<Facts>(
    tx,
    sql`select o.check_in_membership as membership, o.check_in_window as window,
          o.check_in_opens_minutes as opens, o.check_in_closes_minutes as closes,
          (select c.payment_status from contacts c
            where c.organization_id = o.id and c.id = ${contactId} and c.deleted_at is null) as payment_status,
          ${isoText(sql`s.starts_at`)} as starts_at, ${isoText(sql`s.ends_at`)} as ends_at,
          exists (select 1 from bookings b where b.organization_id = o.id and b.slot_id = ${slotId}
            and b.contact_id = ${contactId} and not b.is_deleted and b.status = 'completed') as done
        from organizations o
        left join booking_slots s on s.organization_id = o.id and s.id = ${slotId} and s.deleted_at is null
        where o.id = ${orgId}`,
  );
  // A missing slot or contact is the check-in's own 404; nothing to judge here.
  if (!facts || facts.done || !facts.starts_at || !facts.ends_at || facts.payment_status === null)
    return null;
  const rules: CheckInRules = checkInRules.parse({
    membership: facts.membership,
    window: facts.window,
    opensMinutesBefore: facts.opens,
    closesMinutesAfter: facts.closes,
  });
  const verdict = checkInVerdict({
    rules,
    paymentStatus: facts.payment_status,
    startsAt: new Date(facts.starts_at),
    endsAt: new Date(facts.ends_at),
    now,
  });
  if (verdict.refusal) throw conflict(verdict.refusal);
  return verdict.warning;
}
