import {
  contactTypeBody,
  contactTypeListAnswer,
  contactTypeMutationAnswer,
  contactTypeUpdateBody,
  idParams,
  settingsDeletedAnswer,
} from '@opsuite/shared';
import { deleted, saved } from '../../../lib/answers.ts';
import type { App } from '../../../plugins/types.ts';
import { contactsAccess } from '../access.ts';
import { addContactType, deleteContactType, listContactTypes, renameContactType } from './types.service.ts';

export function contactTypesRoutes(app: App) {
  const tags = ['contact types'];
  app.get(
    '/contact-type/get',
    { config: contactsAccess('read'), schema: { tags, response: { 200: contactTypeListAnswer } } },
    (req) => req.tenant((tx) => listContactTypes(tx, req.ctx!.organizationId)),
  );
  app.post(
    '/contact-type/add',
    {
      config: contactsAccess('write'),
      schema: { tags, body: contactTypeBody, response: { 200: contactTypeMutationAnswer } },
    },
    async (req) =>
      saved('Contact type added', await req.tenant((tx) => addContactType(tx, req.ctx!, req.body))),
  );
  app.put(
    '/contact-type/update/:id',
    {
      config: contactsAccess('update'),
      schema: {
        tags,
        params: idParams,
        body: contactTypeUpdateBody,
        response: { 200: contactTypeMutationAnswer },
      },
    },
    async (req) =>
      saved(
        'Contact type updated',
        await req.tenant((tx) => renameContactType(tx, req.ctx!, req.params.id, req.body)),
      ),
  );
  app.delete(
    '/contact-type/delete/:id',
    {
      config: contactsAccess('delete'),
      schema: { tags, params: idParams, response: { 200: settingsDeletedAnswer } },
    },
    async (req) => {
      await req.tenant((tx) => deleteContactType(tx, req.ctx!, req.params.id));
      return deleted('Contact type deleted');
    },
  );
}
