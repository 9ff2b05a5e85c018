import {
  idParams,
  leadSourceBody,
  leadSourceListAnswer,
  leadSourceMutationAnswer,
  settingsDeletedAnswer,
  tagBody,
  tagListAnswer,
  tagMutationAnswer,
  tagUpdateBody,
} from '@opsuite/shared';
import { deleted, saved } from '../../../lib/answers.ts';
import type { App } from '../../../plugins/types.ts';
import { contactsAccess } from '../access.ts';
import {
  addLeadSource,
  addTag,
  deleteLeadSource,
  deleteTag,
  listLeadSources,
  listTags,
  updateLeadSource,
  updateTag,
} from './tags.service.ts';

const gone = { 200: settingsDeletedAnswer };

export function contactTagsRoutes(app: App) {
  const tags = ['contact tags'];
  app.get(
    '/tag/get',
    { config: contactsAccess('read'), schema: { tags, response: { 200: tagListAnswer } } },
    (req) => req.tenant((tx) => listTags(tx, req.ctx!.organizationId)),
  );
  app.post(
    '/tag/add',
    {
      config: contactsAccess('write'),
      schema: { tags, body: tagBody, response: { 200: tagMutationAnswer } },
    },
    async (req) =>
      saved('Tag added', await req.tenant((tx) => addTag(tx, req.ctx!.organizationId, req.body))),
  );
  app.put(
    '/tag/update/:id',
    {
      config: contactsAccess('update'),
      schema: { tags, params: idParams, body: tagUpdateBody, response: { 200: tagMutationAnswer } },
    },
    async (req) =>
      saved(
        'Tag updated',
        await req.tenant((tx) => updateTag(tx, req.ctx!.organizationId, req.params.id, req.body)),
      ),
  );
  app.delete(
    '/tag/delete/:id',
    { config: contactsAccess('delete'), schema: { tags, params: idParams, response: gone } },
    async (req) => {
      await req.tenant((tx) => deleteTag(tx, req.ctx!.organizationId, req.params.id));
      return deleted('Tag deleted');
    },
  );

  const sources = ['lead sources'];
  app.get(
    '/lead-source/get',
    { config: contactsAccess('read'), schema: { tags: sources, response: { 200: leadSourceListAnswer } } },
    (req) => req.tenant((tx) => listLeadSources(tx, req.ctx!.organizationId)),
  );
  app.post(
    '/lead-source/add',
    {
      config: contactsAccess('write'),
      schema: { tags: sources, body: leadSourceBody, response: { 200: leadSourceMutationAnswer } },
    },
    async (req) =>
      saved(
        'Lead source added',
        await req.tenant((tx) => addLeadSource(tx, req.ctx!.organizationId, req.body)),
      ),
  );
  app.put(
    '/lead-source/update/:id',
    {
      config: contactsAccess('update'),
      schema: {
        tags: sources,
        params: idParams,
        body: leadSourceBody,
        response: { 200: leadSourceMutationAnswer },
      },
    },
    async (req) =>
      saved(
        'Lead source updated',
        await req.tenant((tx) => updateLeadSource(tx, req.ctx!.organizationId, req.params.id, req.body)),
      ),
  );
  app.delete(
    '/lead-source/delete/:id',
    { config: contactsAccess('delete'), schema: { tags: sources, params: idParams, response: gone } },
    async (req) => {
      await req.tenant((tx) => deleteLeadSource(tx, req.ctx!.organizationId, req.params.id));
      return deleted('Lead source deleted');
    },
  );
}
