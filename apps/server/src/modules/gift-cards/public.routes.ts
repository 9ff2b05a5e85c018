import { giftCardTokenParams, publicGiftCardAnswer, publicGiftCardBalanceBody } from '@opsuite/shared';
import { AppError } from '../../lib/errors.ts';
import { rateLimited } from '../../lib/rate-limiter.ts';
import type { App } from '../../plugins/types.ts';
import type { BalanceCheckLimit } from './balance-limit.ts';
import { balanceByCode, cardByLink } from './public.service.ts';
import type { GiftCardLinks } from './public-link.ts';

// A customer's balance check (no sign-in), limited per address as the kiosk's code lookups are:
// a check that finds nothing costs five times one that finds the card. The recipient's page
// behind a signed link is limited loosely.

const PAGE_MAX_PER_MINUTE = 60;

export function giftCardPublicRoutes(app: App, links: GiftCardLinks, limit: BalanceCheckLimit) {
  const { database, fileLinks, limiter } = app.services;
  const tags = ['gift cards (public)'];
  app.post(
    '/public/giftcard/balance',
    {
      config: { auth: 'public' },
      schema: { tags, body: publicGiftCardBalanceBody, response: { 200: publicGiftCardAnswer } },
    },
    async (req) => {
      const turn = await limit.check(req.ip);
      if (!turn.allowed) throw rateLimited(turn.resetMs, 'attempts');
      const answer = await balanceByCode(database, fileLinks, req.body);
      await limit.found(turn);
      return answer;
    },
  );
  app.get(
    '/public/giftcard/card/:token',
    {
      config: { auth: 'public' },
      schema: { tags, params: giftCardTokenParams, response: { 200: publicGiftCardAnswer } },
    },
    async (req) => {
      const hit = await limiter.hit(`giftcard-page:${req.ip}`, 60_000);
      if (hit.count > PAGE_MAX_PER_MINUTE) throw rateLimited(hit.resetMs, 'requests from this address');
      const target = links.verify(req.params.token);
      if (!target) throw new AppError('NOT_FOUND', 'Gift card not found');
      return cardByLink(database, fileLinks, target);
    },
  );
}
