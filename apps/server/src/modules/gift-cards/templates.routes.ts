import {
  GIFT_CARD_TEXT,
  giftCardDeletedAnswer,
  giftCardDesignBody,
  giftCardParams,
  giftCardTemplateBody,
  giftCardTemplateListAnswer,
  giftCardTemplateMutationAnswer,
} from '@opsuite/shared';
import { deleted, saved } from '../../lib/answers.ts';
import { tenantRoute } from '../../plugins/access.ts';
import type { App } from '../../plugins/types.ts';
import {
  createTemplate,
  deleteTemplate,
  designStoreKey,
  listTemplates,
  setTemplateDesign,
  storeDesign,
  templateAnswer,
  updateTemplate,
} from './templates.service.ts';

// Gift card templates under /giftcard-template, guarded by the giftcards permission.

export function giftCardTemplateRoutes(app: App) {
  const { files, fileLinks } = app.services;
  const tags = ['gift cards'];
  const access = (action: 'read' | 'write' | 'update' | 'delete') => tenantRoute('giftcards', action);
  const answer = (t: Awaited<ReturnType<typeof createTemplate>>) =>
    templateAnswer(t.row, t.cardCount, fileLinks);

  app.get(
    '/giftcard-template',
    { config: access('read'), schema: { tags, response: { 200: giftCardTemplateListAnswer } } },
    async (req) => {
      const list = await req.tenant((tx) => listTemplates(tx, req.ctx!.organizationId));
      return { list: await Promise.all(list.map(answer)) };
    },
  );
  app.post(
    '/giftcard-template',
    {
      config: access('write'),
      schema: { tags, body: giftCardTemplateBody, response: { 200: giftCardTemplateMutationAnswer } },
    },
    async (req) => {
      const made = await req.tenant((tx) => createTemplate(tx, req.ctx!.organizationId, req.body));
      return saved(GIFT_CARD_TEXT.templateCreated, await answer(made));
    },
  );
  app.put(
    '/giftcard-template/:id',
    {
      config: access('update'),
      schema: {
        tags,
        params: giftCardParams,
        body: giftCardTemplateBody,
        response: { 200: giftCardTemplateMutationAnswer },
      },
    },
    async (req) => {
      const made = await req.tenant((tx) =>
        updateTemplate(tx, req.ctx!.organizationId, req.params.id, req.body),
      );
      return saved(GIFT_CARD_TEXT.templateUpdated, await answer(made));
    },
  );
  app.put(
    '/giftcard-template/:id/design',
    {
      // The image is decoded and written before the transaction opens.
      config: { ...access('update'), systemReads: true },
      bodyLimit: 12 * 1024 * 1024,
      schema: {
        tags,
        params: giftCardParams,
        body: giftCardDesignBody,
        response: { 200: giftCardTemplateMutationAnswer },
      },
    },
    async (req) => {
      const orgId = req.ctx!.organizationId;
      const key = req.body.image ? await storeDesign(files, orgId, req.body.image) : null;
      try {
        const made = await req.tenant((tx) => setTemplateDesign(tx, orgId, req.params.id, key));
        if (made.replaced) await files.delete([designStoreKey(made.replaced)]);
        return saved(GIFT_CARD_TEXT.designSaved, await answer(made));
      } catch (err) {
        if (key) await files.delete([designStoreKey(key)]);
        throw err;
      }
    },
  );
  app.delete(
    '/giftcard-template/:id',
    {
      config: access('delete'),
      schema: { tags, params: giftCardParams, response: { 200: giftCardDeletedAnswer } },
    },
    async (req) => {
      const designKey = await req.tenant((tx) => deleteTemplate(tx, req.ctx!.organizationId, req.params.id));
      if (designKey) await files.delete([designStoreKey(designKey)]);
      return deleted(GIFT_CARD_TEXT.templateDeleted);
    },
  );
}
