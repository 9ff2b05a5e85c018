import { type CheckInRules, checkInRules } from '@opsuite/shared';
import { checkInVerdict } from '@opsuite/shared/rules/booking-check-in';
import {
  type MembershipOutcome,
  type MembershipStatus,
  membershipOutcome,
} from '@opsuite/shared/rules/membership-status';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../db/client.ts';
import { namedSql } from '../../../db/fast/prepared.ts';
import { conflict } from '../../../lib/errors.ts';
import { isoText } from '../../../lib/sql.ts';
import { membershipStatusSql } from '../../contacts/index.ts';

// The organisation's check-in rules (organisation settings), before a kiosk or staff check-in:
// a refusal is a 409 with the message the kiosk shows; a warning goes through and is returned.
// A member already checked in to the class is not asked again (the check-in stays idempotent).

interface Facts {
  membership: string;
  window: boolean;
  opens: number;
  closes: number;
  payment_status: string | null;
  member_status: MembershipStatus | null;
  starts_at: string | null;
  ends_at: string | null;
  done: boolean;
}

export interface CheckInGateInput {
  orgId: string;
  slotId: string;
  contactId: string;
}

export interface CheckInGateAnswer {
  /** The warning to show (membership rule "warn"), or null. */
  warning: string | null;
  /** The member's membership status and what the rule made of it (null: no such contact). */
  membership: { status: MembershipStatus; outcome: MembershipOutcome } | null;
}

/** Throws a 409 with the rule's message, or answers the warning and the membership status. */
export async function checkInGate(
  tx: Tx,
  input: CheckInGateInput,
  now = new Date(),
): Promise<CheckInGateAnswer> {
  const { orgId, slotId, contactId } = input;
  // A named prepared statement: every kiosk check-in reads it first, and planning it (row-level
  // security on four tables) cost more than running it.
  const [facts] = await namedSql<Facts>(
    tx,
    sql`select o.check_in_membership as membership, o.check_in_window as window,
          o.check_in_opens_minutes as opens, o.check_in_closes_minutes as closes,
          c.payment_status, ${sql.raw(membershipStatusSql('c'))} as member_status,
          ${isoText(sql`s.starts_at`)} as starts_at, ${isoText(sql`s.ends_at`)} as ends_at,
          exists (select 1 from bookings b where b.organization_id = o.id and b.slot_id = ${slotId}
            and b.contact_id = ${contactId} and not b.is_deleted and b.status = 'completed') as done
        from organizations o
        left join booking_slots s on s.organization_id = o.id and s.id = ${slotId} and s.deleted_at is null
        left join contacts c on c.organization_id = o.id and c.id = ${contactId} and c.deleted_at is null
        where o.id = ${orgId}`,
  );
  // A missing slot or contact is the check-in's own 404; nothing to judge here.
  if (!facts || facts.payment_status === null || !facts.member_status)
    return { warning: null, membership: null };
  const status = facts.member_status;
  const membership = {
    status,
    outcome: membershipOutcome(checkInRules.shape.membership.parse(facts.membership), status),
  };
  if (facts.done || !facts.starts_at || !facts.ends_at) return { warning: null, membership };
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
  return { warning: verdict.warning, membership };
}
