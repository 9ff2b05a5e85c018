import {
  idParams,
  reorderAnswer,
  reorderBody,
  settingsDeletedAnswer,
  stageBody,
  stageListAnswer,
  stageMutationAnswer,
  stageUpdateBody,
} from '@opsuite/shared';
import { deleted, saved } from '../../../lib/answers.ts';
import type { App } from '../../../plugins/types.ts';
import { contactsAccess } from '../access.ts';
import { addStage, deleteStage, listStages, reorderStages, updateStage } from './stages.service.ts';

export function contactStagesRoutes(app: App) {
  const tags = ['stages'];
  app.get(
    '/stage/get',
    { config: contactsAccess('read'), schema: { tags, response: { 200: stageListAnswer } } },
    (req) => req.tenant((tx) => listStages(tx, req.ctx!.organizationId)),
  );
  app.post(
    '/stage/add',
    {
      config: contactsAccess('write'),
      schema: { tags, body: stageBody, response: { 200: stageMutationAnswer } },
    },
    async (req) =>
      saved('Stage added', await req.tenant((tx) => addStage(tx, req.ctx!.organizationId, req.body))),
  );
  app.put(
    '/stage/update/:id',
    {
      config: contactsAccess('update'),
      schema: { tags, params: idParams, body: stageUpdateBody, response: { 200: stageMutationAnswer } },
    },
    async (req) =>
      saved(
        'Stage updated',
        await req.tenant((tx) => updateStage(tx, req.ctx!.organizationId, req.params.id, req.body)),
      ),
  );
  app.put(
    '/stage/reorder',
    {
      config: contactsAccess('update'),
      schema: { tags, body: reorderBody, response: { 200: reorderAnswer } },
    },
    async (req) => {
      const { list } = await req.tenant((tx) => reorderStages(tx, req.ctx!.organizationId, req.body.ids));
      return { success: true as const, message: 'Stage order updated', list };
    },
  );
  app.delete(
    '/stage/delete/:id',
    {
      config: contactsAccess('delete'),
      schema: { tags, params: idParams, response: { 200: settingsDeletedAnswer } },
    },
    async (req) => {
      await req.tenant((tx) => deleteStage(tx, req.ctx!.organizationId, req.params.id));
      return deleted('Stage deleted');
    },
  );
}
