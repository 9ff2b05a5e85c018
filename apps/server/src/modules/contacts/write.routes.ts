import {
  billingAddress,
  bulkTagsLeadSourceBody,
  contactCreateBody,
  contactMutationAnswer,
  contactUpdateBody,
  countAnswer,
  deleteContactsBody,
  idParams,
  massMoveBody,
  mergeContactsBody,
  punchIdBody,
  saveContactBody,
  updateRoleBody,
} from '@opsuite/shared';
import type { App } from '../../plugins/types.ts';
import { contactsAccess, requireAbility } from './access.ts';
import { addTagsAndLeadSource, massMove, setBillingAddress, setPunchId, updateRole } from './bulk.service.ts';
import { assertEmailFree, createContact, deleteContacts, updateContact } from './contacts.service.ts';
import { contactHooksOf } from './hooks.ts';
import { mergeContacts } from './merge/merge.service.ts';

const tags = ['contacts'];
const saved = { 200: contactMutationAnswer };
const ok = <T>(message: string, data: T) => ({ success: true as const, message, data });

export function contactsWriteRoutes(app: App) {
  app.post(
    '/contact/add',
    { config: contactsAccess('write'), schema: { tags, body: contactCreateBody, response: saved } },
    async (req) =>
      ok(
        'Contact created',
        await req.tenant(async (tx) => {
          const { allowDuplicateEmail, ...body } = req.body;
          if (!allowDuplicateEmail) await assertEmailFree(tx, req.ctx!.organizationId, body.email);
          return createContact(tx, req.ctx!, body);
        }),
      ),
  );

  app.post(
    '/contact/save-contact',
    { config: contactsAccess('write'), schema: { tags, body: saveContactBody, response: saved } },
    async (req) => {
      const { _id, allowDuplicateEmail, ...body } = req.body;
      if (!_id) {
        return ok(
          'Contact created',
          await req.tenant(async (tx) => {
            if (!allowDuplicateEmail) await assertEmailFree(tx, req.ctx!.organizationId, body.email);
            return createContact(tx, req.ctx!, body as typeof req.body);
          }),
        );
      }
      requireAbility(req.ctx!, 'update');
      return ok(
        'Contact updated',
        await req.tenant((tx) => updateContact(tx, req.ctx!, _id, body, contactHooksOf(app.services))),
      );
    },
  );

  app.put(
    '/contact/update/:id',
    {
      config: contactsAccess('update'),
      schema: { tags, params: idParams, body: contactUpdateBody, response: saved },
    },
    async (req) =>
      ok(
        'Contact updated',
        await req.tenant((tx) =>
          updateContact(tx, req.ctx!, req.params.id, req.body, contactHooksOf(app.services)),
        ),
      ),
  );

  app.delete(
    '/contact/delete',
    {
      config: contactsAccess('delete'),
      schema: { tags, body: deleteContactsBody, response: { 200: countAnswer } },
    },
    async (req) => {
      const count = await req.tenant((tx) =>
        deleteContacts(tx, req.ctx!, req.body.ids, req.body.source, contactHooksOf(app.services)),
      );
      return { success: true as const, message: 'Contact deleted', count };
    },
  );

  app.put(
    '/contact/mass-move',
    {
      config: contactsAccess('update'),
      schema: { tags, body: massMoveBody, response: { 200: countAnswer } },
    },
    async (req) => {
      const count = await req.tenant((tx) => massMove(tx, req.ctx!, req.body));
      return { success: true as const, message: 'Contact moved', count };
    },
  );

  app.put(
    '/contact/bulk-add-tags-leadsource',
    {
      config: contactsAccess('update'),
      schema: { tags, body: bulkTagsLeadSourceBody, response: { 200: countAnswer } },
    },
    async (req) => {
      const count = await req.tenant((tx) => addTagsAndLeadSource(tx, req.ctx!, req.body));
      return { success: true as const, message: 'Tags and lead source added', count };
    },
  );

  app.put(
    '/contact/punchid',
    { config: contactsAccess('update'), schema: { tags, body: punchIdBody, response: saved } },
    async (req) =>
      ok(
        'Punch ID updated',
        await req.tenant((tx) => setPunchId(tx, req.ctx!, req.body.contactId, req.body.punchId)),
      ),
  );

  app.put(
    '/contact/billing-address/:id',
    {
      config: contactsAccess('update'),
      schema: { tags, params: idParams, body: billingAddress, response: saved },
    },
    async (req) =>
      ok(
        'Billing address updated',
        await req.tenant((tx) => setBillingAddress(tx, req.ctx!, req.params.id, req.body)),
      ),
  );

  app.put(
    '/contact/update-role',
    { config: contactsAccess('update'), schema: { tags, body: updateRoleBody, response: saved } },
    async (req) =>
      ok(
        'Contact type updated',
        await req.tenant((tx) => updateRole(tx, req.ctx!, req.body.contactId, req.body.contactTypeId)),
      ),
  );

  app.post(
    '/contact/merge',
    { config: contactsAccess('delete'), schema: { tags, body: mergeContactsBody, response: saved } },
    async (req) =>
      ok(
        'Contacts merged successfully',
        await req.tenant((tx) =>
          mergeContacts(
            tx,
            req.ctx!,
            req.body.primaryId,
            req.body.duplicateIds,
            contactHooksOf(app.services),
          ),
        ),
      ),
  );
}
