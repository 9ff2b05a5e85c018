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
import type { App } from '../../plugins/types.ts';
import { invalid, missing } from '../booking/booking-access.ts';
import { kioskBookingAnswer, kioskSlotAnswer, loadBooking, loadSlot } from '../booking/booking-queries.ts';
import { slotRows } from '../booking/booking-slots.service.ts';
import { type Actor, createBooking, updateBooking } from '../booking/bookings.service.ts';
import { checkIn } from '../booking/check-in.service.ts';
import { getTheme } from '../booking/theme-settings.service.ts';
import { contactByCode, kioskBookings, kioskSession, kioskTx, searchKioskContacts } from './kiosk.service.ts';

// The kiosk's calls (contracts/kiosk.ts). All take the device credential only; the organisation
// comes from it (the kiosk's `organization` header is ignored).

const device = { auth: 'device' as const };
const kioskActor = (orgId: string): Actor => ({
  orgId,
  userId: null,
  staff: true,
  contactId: null,
  source: 'kiosk',
});

export function kioskRoutes(app: App) {
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
    { config: device, schema: { tags, params: kioskCodeParams, response: { 200: kioskContactAnswer } } },
    (req) =>
      req.tenant((tx) =>
        contactByCode(tx, req.device!.organizationId, req.device!.deviceId, req.params.code),
      ),
  );
  app.get(
    '/kiosk/contacts/search',
    { config: device, schema: { tags, querystring: kioskSearchQuery, response: { 200: kioskSearchAnswer } } },
    (req) => kioskTx(req, (tx, org) => searchKioskContacts(tx, org.id, req.query.q)),
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
        const { data } = await updateBooking(tx, kioskActor(org.id), req.params.id, req.body);
        return { booking: kioskBookingAnswer((await loadBooking(tx, org.id, data._id))!) };
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
        if (slot.bt_id !== body.bookingType) {
          throw invalid('bookingType', 'does not match the booking type of the slot');
        }
        // A completed class booking is a check-in: idempotent, counted once.
        if (body.status === 'completed') {
          const done = await checkIn(tx, { orgId: org.id, slotId: slot.id, contactId: body.invitedUser });
          return { booking: done.booking };
        }
        const { data } = await createBooking(tx, kioskActor(org.id), { ...body, type: 'class' });
        return { booking: kioskBookingAnswer((await loadBooking(tx, org.id, data._id))!) };
      }),
  );
  app.post(
    '/kiosk/check-in',
    { config: device, schema: { tags, body: kioskCheckInBody, response: { 200: kioskCheckInAnswer } } },
    async (req) => {
      const { organizationId, deviceId } = req.device!;
      const done = await req.tenant((tx) =>
        checkIn(tx, {
          orgId: organizationId,
          deviceId,
          slotId: req.body.slotId,
          contactId: req.body.contactId,
        }),
      );
      return { ...done, message: 'Checked In' as const };
    },
  );
}
