import {
  categoryRankInfoAnswer,
  clientRankBody,
  clientRankListAnswer,
  clientRankMutationAnswer,
  clientRankQuery,
  clientRankUpdateBody,
  idParams,
  rankCategoryBody,
  rankCategoryListAnswer,
  rankCategoryMutationAnswer,
  rankCategoryUpdateBody,
  settingsDeletedAnswer,
} from '@opsuite/shared';
import { deleted, saved } from '../../../lib/answers.ts';
import type { App } from '../../../plugins/types.ts';
import { contactsAccess } from '../access.ts';
import {
  addCategory,
  addRank,
  categoryRankInfo,
  deleteCategory,
  deleteRank,
  listCategories,
  listRanks,
  updateCategory,
  updateRank,
} from './ranks.service.ts';

const gone = { 200: settingsDeletedAnswer };

export function contactRanksRoutes(app: App) {
  const tags = ['progressions'];
  app.get(
    '/rank-category/get',
    { config: contactsAccess('read'), schema: { tags, response: { 200: rankCategoryListAnswer } } },
    (req) => req.tenant((tx) => listCategories(tx, req.ctx!.organizationId)),
  );
  app.get(
    '/rank-category/category_rank_info/:id',
    {
      config: contactsAccess('read'),
      schema: { tags, params: idParams, response: { 200: categoryRankInfoAnswer } },
    },
    (req) => req.tenant((tx) => categoryRankInfo(tx, req.ctx!.organizationId, req.params.id)),
  );
  app.post(
    '/rank-category/add',
    {
      config: contactsAccess('write'),
      schema: { tags, body: rankCategoryBody, response: { 200: rankCategoryMutationAnswer } },
    },
    async (req) =>
      saved(
        'Rank category added',
        await req.tenant((tx) => addCategory(tx, req.ctx!.organizationId, req.body)),
      ),
  );
  app.put(
    '/rank-category/update/:id',
    {
      config: contactsAccess('update'),
      schema: {
        tags,
        params: idParams,
        body: rankCategoryUpdateBody,
        response: { 200: rankCategoryMutationAnswer },
      },
    },
    async (req) =>
      saved(
        'Rank category updated',
        await req.tenant((tx) => updateCategory(tx, req.ctx!.organizationId, req.params.id, req.body)),
      ),
  );
  app.delete(
    '/rank-category/delete/:id',
    { config: contactsAccess('delete'), schema: { tags, params: idParams, response: gone } },
    async (req) => {
      await req.tenant((tx) => deleteCategory(tx, req.ctx!.organizationId, req.params.id));
      return deleted('Rank category deleted');
    },
  );

  app.get(
    '/client-ranks/get',
    {
      config: contactsAccess('read'),
      schema: { tags, querystring: clientRankQuery, response: { 200: clientRankListAnswer } },
    },
    (req) => req.tenant((tx) => listRanks(tx, req.ctx!.organizationId, req.query.categoryId)),
  );
  app.post(
    '/client-ranks/add',
    {
      config: contactsAccess('write'),
      schema: { tags, body: clientRankBody, response: { 200: clientRankMutationAnswer } },
    },
    async (req) =>
      saved('Rank added', await req.tenant((tx) => addRank(tx, req.ctx!.organizationId, req.body))),
  );
  app.put(
    '/client-ranks/update/:id',
    {
      config: contactsAccess('update'),
      schema: {
        tags,
        params: idParams,
        body: clientRankUpdateBody,
        response: { 200: clientRankMutationAnswer },
      },
    },
    async (req) =>
      saved(
        'Rank Updated',
        await req.tenant((tx) => updateRank(tx, req.ctx!.organizationId, req.params.id, req.body)),
      ),
  );
  app.delete(
    '/client-ranks/delete/:id',
    { config: contactsAccess('delete'), schema: { tags, params: idParams, response: gone } },
    async (req) => {
      await req.tenant((tx) => deleteRank(tx, req.ctx!.organizationId, req.params.id));
      return deleted('Rank deleted');
    },
  );
}
