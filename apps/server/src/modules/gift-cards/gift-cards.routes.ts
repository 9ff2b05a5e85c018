import {
  appliedGiftCardAnswer,
  GIFT_CARD_TEXT,
  giftCardAdjustBody,
  giftCardApplyBody,
  giftCardDeletedAnswer,
  giftCardDetailAnswer,
  giftCardIssueAnswer,
  giftCardIssueBody,
  giftCardListAnswer,
  giftCardListQuery,
  giftCardMutationAnswer,
  giftCardParams,
  giftCardSettingsAnswer,
  giftCardSettingsBody,
  giftCardSettingsMutationAnswer,
  giftCardStatsAnswer,
  giftCardUpdateBody,
} from '@opsuite/shared';
import type { Tx } from '../../db/client.ts';
import { deleted, saved } from '../../lib/answers.ts';
import { tenantRoute } from '../../plugins/access.ts';
import type { App, RequestContext } from '../../plugins/types.ts';
import { cardStats, listCards } from './card-lists.ts';
import {
  adjustCard,
  cardAnswer,
  cardEntries,
  deleteCard,
  issueCard,
  loadCard,
  setActivated,
  updateCard,
} from './cards.service.ts';
import { verifyGiftCard } from './ledger.ts';
import type { GiftCardLinks } from './public-link.ts';
import { readGiftCardSettings, saveGiftCardSettings } from './settings.service.ts';

// Gift cards under /giftcard (the earlier client's path), guarded by the giftcards permission:
// read to see them, write to issue, update to change, switch on and off and apply a redemption,
// refund or adjustment by hand, delete to remove one never used.

export function giftCardRoutes(app: App, links: GiftCardLinks) {
  const tags = ['gift cards'];
  const access = (action: 'read' | 'write' | 'update' | 'delete') => tenantRoute('giftcards', action);
  const ctxOf = (ctx: RequestContext) => ({
    organizationId: ctx.organizationId,
    userId: ctx.userId,
    timeZone: ctx.organization.timeZone,
  });
  const detail = async (tx: Tx, orgId: string, id: string) => {
    const found = await loadCard(tx, orgId, id);
    return {
      ...cardAnswer(found.row, found.templateName),
      entries: await cardEntries(tx, orgId, id),
      publicPath: links.path(orgId, id),
    };
  };
  const one = async (tx: Tx, orgId: string, id: string) => {
    const found = await loadCard(tx, orgId, id);
    return cardAnswer(found.row, found.templateName);
  };

  app.get(
    '/giftcard',
    {
      config: access('read'),
      schema: { tags, querystring: giftCardListQuery, response: { 200: giftCardListAnswer } },
    },
    (req) => req.tenant((tx) => listCards(tx, req.ctx!.organizationId, req.query)),
  );
  app.get(
    '/giftcard/stats',
    { config: access('read'), schema: { tags, response: { 200: giftCardStatsAnswer } } },
    (req) => req.tenant((tx) => cardStats(tx, req.ctx!.organizationId)),
  );
  app.get(
    '/giftcard/settings',
    { config: access('read'), schema: { tags, response: { 200: giftCardSettingsAnswer } } },
    (req) => req.tenant((tx) => readGiftCardSettings(tx, req.ctx!.organizationId)),
  );
  app.put(
    '/giftcard/settings',
    {
      config: access('update'),
      schema: { tags, body: giftCardSettingsBody, response: { 200: giftCardSettingsMutationAnswer } },
    },
    async (req) => {
      const data = await req.tenant((tx) => saveGiftCardSettings(tx, req.ctx!.organizationId, req.body));
      return saved(GIFT_CARD_TEXT.settingsSaved, data);
    },
  );
  app.post(
    '/giftcard/apply',
    {
      config: access('read'),
      schema: { tags, body: giftCardApplyBody, response: { 200: appliedGiftCardAnswer } },
    },
    (req) =>
      req.tenant(async (tx) => {
        const orgId = req.ctx!.organizationId;
        const found = await verifyGiftCard(tx, {
          organizationId: orgId,
          code: req.body.code,
          pin: req.body.pin,
        });
        if (!found.verified) return { verified: false, isUsed: false, giftCardId: null, cardData: null };
        const cardData = await one(tx, orgId, found.giftCardId);
        return {
          verified: true,
          isUsed: cardData.status !== 'active',
          giftCardId: found.giftCardId,
          cardData,
        };
      }),
  );
  app.get(
    '/giftcard/:id',
    {
      config: access('read'),
      schema: { tags, params: giftCardParams, response: { 200: giftCardDetailAnswer } },
    },
    (req) => req.tenant((tx) => detail(tx, req.ctx!.organizationId, req.params.id)),
  );
  app.post(
    '/giftcard',
    {
      config: access('write'),
      schema: { tags, body: giftCardIssueBody, response: { 200: giftCardIssueAnswer } },
    },
    async (req) => {
      const ctx = ctxOf(req.ctx!);
      const data = await req.tenant(async (tx) =>
        detail(tx, ctx.organizationId, await issueCard(tx, ctx, req.body)),
      );
      return saved(GIFT_CARD_TEXT.issued, data);
    },
  );
  app.put(
    '/giftcard/:id',
    {
      config: access('update'),
      schema: {
        tags,
        params: giftCardParams,
        body: giftCardUpdateBody,
        response: { 200: giftCardMutationAnswer },
      },
    },
    async (req) => {
      const ctx = ctxOf(req.ctx!);
      const data = await req.tenant(async (tx) => {
        await updateCard(tx, ctx, req.params.id, req.body);
        return one(tx, ctx.organizationId, req.params.id);
      });
      return saved(GIFT_CARD_TEXT.updated, data);
    },
  );
  for (const [path, activated, message] of [
    ['activate', true, GIFT_CARD_TEXT.activated],
    ['deactivate', false, GIFT_CARD_TEXT.deactivated],
  ] as const) {
    app.post(
      `/giftcard/:id/${path}`,
      {
        config: access('update'),
        schema: { tags, params: giftCardParams, response: { 200: giftCardMutationAnswer } },
      },
      async (req) => {
        const orgId = req.ctx!.organizationId;
        const data = await req.tenant(async (tx) => {
          await setActivated(tx, orgId, req.params.id, activated);
          return one(tx, orgId, req.params.id);
        });
        return saved(message, data);
      },
    );
  }
  app.post(
    '/giftcard/:id/adjust',
    {
      config: access('update'),
      schema: {
        tags,
        params: giftCardParams,
        body: giftCardAdjustBody,
        response: { 200: giftCardIssueAnswer },
      },
    },
    async (req) => {
      const ctx = ctxOf(req.ctx!);
      const data = await req.tenant(async (tx) => {
        await adjustCard(tx, ctx, req.params.id, req.body);
        return detail(tx, ctx.organizationId, req.params.id);
      });
      return saved(GIFT_CARD_TEXT.adjusted, data);
    },
  );
  app.delete(
    '/giftcard/:id',
    {
      config: access('delete'),
      schema: { tags, params: giftCardParams, response: { 200: giftCardDeletedAnswer } },
    },
    async (req) => {
      await req.tenant((tx) => deleteCard(tx, req.ctx!.organizationId, req.params.id));
      return deleted(GIFT_CARD_TEXT.deleted);
    },
  );
}
