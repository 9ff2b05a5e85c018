import { idParams } from '@opsuite/shared';
import {
  bookingAnswer,
  kioskBookingsAnswer,
  kioskBookingsQuery,
  kioskCheckInAnswer,
  kioskCheckInBody,
  kioskCodeParams,
  kioskContactAnswer,
  kioskCreateBookingBody,
  kioskSearchAnswer,
  kioskSearchQuery,
  kioskSessionAnswer,
  kioskSlotsAnswer,
  kioskSlotsQuery,
  kioskUpdateBookingBody,
  themeSetting,
} from '@opsuite/shared/contracts/kiosk';
import { forbidden, invalid, missing } from '../../lib/errors.ts';
import { rateLimited } from '../../lib/rate-limiter.ts';
import type { App } from '../../plugins/types.ts';
import {
  checkIn,
  checkInGate,
  fastKioskCheckIn,
  getTheme,
  kioskSlotAnswer,
  loadBooking,
  loadSlot,
  slotRows,
} from '../booking/index.ts';
import {
  contactByCode,
  kioskBookings,
  kioskContactById,
  kioskSession,
  kioskTx,
  searchKioskContacts,
} from './kiosk.service.ts';
import type { KioskLookupLimit, Turn } from './lookup-limit.ts';
import type { KioskMissLog } from './miss-log.ts';

// The kiosk's calls (contracts/kiosk.ts). All take the device credential only; the organisation
// comes from it (the kiosk's `organization` header is ignored).

const device = { auth: 'device' as const, permission: 'device' as const };
export const KIOSK_CLASS_ONLY = 'A kiosk can only check members in to classes';
/** The 429's wording: "Too many attempts. Try again in 1 minute." */
const ATTEMPTS = 'attempts';

export interface KioskGuards {
  limit: KioskLookupLimit;
  misses: KioskMissLog;
}

export function kioskRoutes(app: App, { limit, misses }: KioskGuards) {
  const refuse = (turn: Turn, organizationId: string, deviceId: string) => {
    if (turn.allowed) return;
    misses.refused(organizationId, deviceId);
    throw rateLimited(turn.resetMs, ATTEMPTS);
  };
  const tags = ['kiosk'];
  app.get(
    '/kiosk/session',
    { config: device, schema: { tags, response: { 200: kioskSessionAnswer } } },
    (req) => kioskTx(req, (tx, org) => kioskSession(tx, org)),
  );
  app.get('/kiosk/theme', { config: device, schema: { tags, response: { 200: themeSetting } } }, (req) =>
    kioskTx(req, (tx, org) => getTheme(tx, org.id, 'self-check-in')),
  );
  app.get(
    '/kiosk/slots',
    { config: device, schema: { tags, querystring: kioskSlotsQuery, response: { 200: kioskSlotsAnswer } } },
    (req) =>
      kioskTx(req, async (tx, org) => {
        const list = await slotRows(
          tx,
          { id: org.id, timeZone: org.time_zone, themeColor: org.theme_color },
          { startDate: req.query.startDate, endDate: req.query.endDate, type: req.query.type },
        );
        return { list: list.map(kioskSlotAnswer) };
      }),
  );
  app.get(
    '/kiosk/contact-by-code/:code',
    {
      config: { ...device, oneStatement: true },
      schema: { tags, params: kioskCodeParams, response: { 200: kioskContactAnswer } },
    },
    async (req) => {
      const { organizationId, deviceId } = req.device!;
      const turn = await limit.lookup(deviceId);
      refuse(turn, organizationId, deviceId);
      const answer = await req.tenant((tx) => contactByCode(tx, organizationId, deviceId, req.params.code));
      if (answer.contact) limit.found(turn);
      else misses.miss(organizationId, deviceId);
      return answer;
    },
  );
  app.get(
    '/kiosk/contacts/search',
    { config: device, schema: { tags, querystring: kioskSearchQuery, response: { 200: kioskSearchAnswer } } },
    async (req) => {
      const { organizationId, deviceId } = req.device!;
      refuse(await limit.search(deviceId), organizationId, deviceId);
      return kioskTx(req, (tx, org) => searchKioskContacts(tx, org.id, req.query.q));
    },
  );
  app.get(
    '/kiosk/contacts/:id',
    { config: device, schema: { tags, params: idParams, response: { 200: kioskContactAnswer } } },
    async (req) => {
      const answer = await kioskTx(req, (tx, org) => kioskContactById(tx, org.id, req.params.id));
      if (!answer.contact) throw missing('Contact', 'id');
      return answer;
    },
  );
  app.get(
    '/kiosk/bookings',
    {
      config: device,
      schema: { tags, querystring: kioskBookingsQuery, response: { 200: kioskBookingsAnswer } },
    },
    (req) => kioskTx(req, (tx, org) => kioskBookings(tx, org.id, req.query)),
  );
  app.put(
    '/kiosk/bookings/:id',
    {
      config: device,
      schema: { tags, params: idParams, body: kioskUpdateBookingBody, response: { 200: bookingAnswer } },
    },
    (req) =>
      kioskTx(req, async (tx, org) => {
        // Only the check-in itself: the booking becomes completed with attendDate now
        // (a client attendDate is ignored), through the same idempotent path as POST /kiosk/check-in.
        const found = await loadBooking(tx, org.id, req.params.id);
        if (!found || found.is_deleted) throw missing('Booking', 'id');
        if (found.type !== 'class' || !found.slot_id) throw forbidden(KIOSK_CLASS_ONLY);
        const input = { orgId: org.id, slotId: found.slot_id, contactId: found.contact_id };
        await checkInGate(tx, input);
        const done = await checkIn(tx, input);
        return { booking: done.booking };
      }),
  );
  app.post(
    '/kiosk/bookings',
    { config: device, schema: { tags, body: kioskCreateBookingBody, response: { 200: bookingAnswer } } },
    (req) =>
      kioskTx(req, async (tx, org) => {
        const body = req.body;
        const slot = await loadSlot(tx, org.id, body.bookingSlot);
        if (!slot) throw missing('Slot', 'bookingSlot');
        if (slot.type !== 'class') throw forbidden(KIOSK_CLASS_ONLY);
        if (slot.bt_id !== body.bookingType) {
          throw invalid('bookingType', 'does not match the booking type of the slot');
        }
        // A completed class booking is a check-in: idempotent, counted once, attendDate now.
        const input = { orgId: org.id, slotId: slot.id, contactId: body.invitedUser };
        await checkInGate(tx, input);
        const done = await checkIn(tx, input);
        return { booking: done.booking };
      }),
  );
  app.post(
    '/kiosk/check-in',
    { config: device, schema: { tags, body: kioskCheckInBody, response: { 200: kioskCheckInAnswer } } },
    async (req) => {
      const { organizationId, deviceId } = req.device!;
      const input = {
        orgId: organizationId,
        deviceId,
        slotId: req.body.slotId,
        contactId: req.body.contactId,
      };
      // The organisation's check-in rules first (a refusal is a 409 with the kiosk's message), in
      // the transaction of the common check-ins, which end it with their statement (two round
      // trips in all); the rest take a second transaction with the full rules.
      const { gate, fast } = await req.tenant(async (tx) => {
        const gate = await checkInGate(tx, input);
        return { gate, fast: await fastKioskCheckIn(tx, input) };
      });
      const done = fast ?? (await req.tenant((tx) => checkIn(tx, input)));
      const message = done.created ? ('Checked In' as const) : ('Already checked in' as const);
      const { warning, membership } = gate;
      return { ...done, message, ...(warning ? { warning } : {}), ...(membership ? { membership } : {}) };
    },
  );
}
