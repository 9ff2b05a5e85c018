import { formatDayAt } from '@opsuite/shared';
import type { Tx } from '../../../db/client.ts';
import { conflict, forbidden, missing } from '../../../lib/errors.ts';
import type { RequestContext } from '../../../plugins/types.ts';
import { recordActivity } from '../../contacts/index.ts';
import { loadSlot } from '../queries.ts';
import { type Actor, lockBooking, updateBooking } from './bookings.service.ts';
import { takeSeat } from './class-seat.ts';
import { type MemberOrg, memberBooking } from './member-reads.ts';
import { joinWaitlist, leaveWaitlist, STARTED } from './waitlist.service.ts';

// What a member does about their own classes (the member portal): book, cancel (against the
// cut-off), join and leave a full class's waitlist. The member is always the contact linked to
// their role, whatever else their role may do: an admin using the portal acts as a member too.

export interface Member {
  actor: Actor & { contactId: string };
  org: MemberOrg;
}

/** The caller as a member; a role without a contact has no portal. */
export function memberOf(ctx: RequestContext): Member {
  const contactId = ctx.role.contactId;
  if (!contactId) throw forbidden('Your role has no member record in this organisation');
  return {
    actor: {
      orgId: ctx.organizationId,
      userId: ctx.userId,
      staff: false,
      contactId,
      source: 'member',
      timeZone: ctx.organization.timeZone,
    },
    org: {
      id: ctx.organizationId,
      timeZone: ctx.organization.timeZone,
      themeColor: ctx.organization.themeColor,
    },
  };
}

async function classOrMissing(tx: Tx, orgId: string, slotId: string) {
  const slot = await loadSlot(tx, orgId, slotId);
  if (slot?.type !== 'class') throw missing('Class', 'slotId');
  if (Date.parse(slot.starts_at) <= Date.now()) throw conflict(STARTED, 'slotId');
  return slot;
}

/** Books the member into a class that has not started; a full class answers 409. */
export async function bookClass(tx: Tx, m: Member, slotId: string) {
  const slot = await classOrMissing(tx, m.org.id, slotId);
  const id = await takeSeat(tx, m.actor, slot, m.actor.contactId);
  // A place in line is no longer needed once they hold a seat.
  await leaveWaitlist(tx, m.org.id, slotId, m.actor.contactId);
  return memberBooking(tx, m.org, m.actor.contactId, id);
}

/**
 * Cancels one of the member's booked classes (or appointments): free before the organisation's
 * cut-off, marked late after it, refused once it started. The freed seat goes to the first in
 * line in the same transaction.
 */
export async function cancelMemberBooking(tx: Tx, m: Member, bookingId: string) {
  const current = await lockBooking(tx, m.actor, bookingId);
  if (current.status === 'completed') throw conflict('You have checked in to this class', 'bookingId');
  if (current.status !== 'booked') throw conflict('This booking is not booked', 'bookingId');
  await updateBooking(tx, m.actor, bookingId, { status: 'cancelled' });
  const booking = await memberBooking(tx, m.org, m.actor.contactId, bookingId);
  await recordActivity(tx, {
    organizationId: m.org.id,
    contactId: m.actor.contactId,
    kind: 'booking',
    title: `Cancelled ${booking.title} on ${formatDayAt(booking.date, booking.startTime)}${booking.lateCancel ? ' (late cancel)' : ''}`,
    data: { bookingId, slotId: booking.slotId, lateCancel: booking.lateCancel },
    actorUserId: m.actor.userId,
  });
  return booking;
}

export async function joinClassWaitlist(tx: Tx, m: Member, slotId: string) {
  await classOrMissing(tx, m.org.id, slotId);
  return joinWaitlist(tx, m.org.id, slotId, m.actor.contactId);
}

export async function leaveClassWaitlist(tx: Tx, m: Member, slotId: string) {
  if (!(await leaveWaitlist(tx, m.org.id, slotId, m.actor.contactId))) {
    throw missing('Waitlist place', 'slotId');
  }
}
