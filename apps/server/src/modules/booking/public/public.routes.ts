import {
  publicBookingAnswer,
  publicBookingBody,
  publicBookingPageAnswer,
  publicSlugParams,
} from '@opsuite/shared';
import { rateLimited } from '../../../lib/rate-limiter.ts';
import type { App } from '../../../plugins/types.ts';
import { bookPublicSlot, publicBookingPage } from './public.service.ts';

// The public booking page (no sign-in): reading is limited loosely, booking tightly per address.

const PAGE_MAX_PER_MINUTE = 120;
const BOOK_MAX = 10;
const BOOK_WINDOW_MS = 10 * 60_000;

export function publicBookingRoutes(app: App) {
  const { limiter, database } = app.services;
  const tags = ['public booking'];
  app.get(
    '/public/booking-group/:slug',
    {
      config: { auth: 'public' },
      schema: { tags, params: publicSlugParams, response: { 200: publicBookingPageAnswer } },
    },
    async (req) => {
      const hit = await limiter.hit(`public-page:${req.ip}`, 60_000);
      if (hit.count > PAGE_MAX_PER_MINUTE) throw rateLimited(hit.resetMs, 'requests from this address');
      return publicBookingPage(database, req.params.slug);
    },
  );
  app.post(
    '/public/booking-group/:slug/book',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        params: publicSlugParams,
        body: publicBookingBody,
        response: { 200: publicBookingAnswer },
      },
    },
    async (req) => {
      const hit = await limiter.hit(`public-book:${req.ip}`, BOOK_WINDOW_MS);
      if (hit.count > BOOK_MAX) throw rateLimited(hit.resetMs, 'bookings from this address');
      return bookPublicSlot(database, req.params.slug, req.body);
    },
  );
}
