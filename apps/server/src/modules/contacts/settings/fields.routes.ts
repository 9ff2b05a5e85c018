import {
  contactFieldBody,
  contactFieldListAnswer,
  contactFieldMutationAnswer,
  contactFieldSettingsAnswer,
  contactFieldSettingsBody,
  contactFieldUpdateBody,
  idParams,
  settingsDeletedAnswer,
} from '@opsuite/shared';
import { deleted, saved } from '../../../lib/answers.ts';
import type { App } from '../../../plugins/types.ts';
import { contactsAccess } from '../access.ts';
import {
  addContactField,
  deleteContactField,
  listContactFields,
  saveFieldSettings,
  updateContactField,
} from './fields.service.ts';

export function contactFieldsRoutes(app: App) {
  const tags = ['contact fields'];
  app.get(
    '/contact-field/get',
    { config: contactsAccess('read'), schema: { tags, response: { 200: contactFieldListAnswer } } },
    (req) => req.tenant((tx) => listContactFields(tx, req.ctx!.organizationId)),
  );
  app.post(
    '/contact-field/add',
    {
      config: contactsAccess('write'),
      schema: { tags, body: contactFieldBody, response: { 200: contactFieldMutationAnswer } },
    },
    async (req) =>
      saved(
        'Contact field added',
        await req.tenant((tx) => addContactField(tx, req.ctx!.organizationId, req.body)),
      ),
  );
  app.put(
    '/contact-field/update/:id',
    {
      config: contactsAccess('update'),
      schema: {
        tags,
        params: idParams,
        body: contactFieldUpdateBody,
        response: { 200: contactFieldMutationAnswer },
      },
    },
    async (req) =>
      saved(
        'Contact field updated',
        await req.tenant((tx) => updateContactField(tx, req.ctx!.organizationId, req.params.id, req.body)),
      ),
  );
  app.put(
    '/contact-field/settings',
    {
      config: contactsAccess('update'),
      schema: { tags, body: contactFieldSettingsBody, response: { 200: contactFieldSettingsAnswer } },
    },
    async (req) => {
      const { list } = await req.tenant((tx) =>
        saveFieldSettings(tx, req.ctx!.organizationId, req.body.fields),
      );
      return { success: true as const, message: 'Value, Order and Width Updated', list };
    },
  );
  app.delete(
    '/contact-field/delete/:id',
    {
      config: contactsAccess('delete'),
      schema: { tags, params: idParams, response: { 200: settingsDeletedAnswer } },
    },
    async (req) => {
      await req.tenant((tx) => deleteContactField(tx, req.ctx!.organizationId, req.params.id));
      return deleted('Contact field deleted');
    },
  );
}
