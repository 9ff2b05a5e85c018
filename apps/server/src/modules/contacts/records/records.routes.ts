import {
  contactActivityListAnswer,
  contactIdParams,
  familyLinkBody,
  familyListAnswer,
  familyMutationAnswer,
  followupNoteBody,
  followupNoteListAnswer,
  followupNoteMutationAnswer,
  followupNoteUpdateBody,
  idParams,
  recordPageQuery,
  settingsDeletedAnswer,
} from '@opsuite/shared';
import { deleted, saved } from '../../../lib/answers.ts';
import type { App } from '../../../plugins/types.ts';
import { assertContactsExist, contactsAccess } from '../access.ts';
import { listActivities } from './activities.service.ts';
import { addFamilyLink, listFamily, removeFamilyLink } from './family.service.ts';
import { addNote, listNotes, removeNote, updateNote } from './notes.service.ts';

export function contactRecordsRoutes(app: App) {
  const notes = ['follow-up notes'];
  app.get(
    '/followup_note/get/:contactId',
    {
      config: contactsAccess('read'),
      schema: {
        tags: notes,
        params: contactIdParams,
        querystring: recordPageQuery,
        response: { 200: followupNoteListAnswer },
      },
    },
    (req) =>
      req.tenant((tx) =>
        listNotes(tx, req.ctx!.organizationId, req.params.contactId, req.query.page, req.query.limit),
      ),
  );
  app.post(
    '/followup_note/add',
    {
      config: contactsAccess('write'),
      schema: { tags: notes, body: followupNoteBody, response: { 200: followupNoteMutationAnswer } },
    },
    async (req) => saved('Note added', await req.tenant((tx) => addNote(tx, req.ctx!, req.body))),
  );
  app.put(
    '/followup_note/update/:id',
    {
      config: contactsAccess('update'),
      schema: {
        tags: notes,
        params: idParams,
        body: followupNoteUpdateBody,
        response: { 200: followupNoteMutationAnswer },
      },
    },
    async (req) =>
      saved('Note updated', await req.tenant((tx) => updateNote(tx, req.ctx!, req.params.id, req.body))),
  );
  app.delete(
    '/followup_note/remove/:id',
    {
      config: contactsAccess('delete'),
      schema: { tags: notes, params: idParams, response: { 200: settingsDeletedAnswer } },
    },
    async (req) => {
      await req.tenant((tx) => removeNote(tx, req.ctx!, req.params.id));
      return deleted('Note removed');
    },
  );

  app.get(
    '/contact-activity/:contactId',
    {
      config: contactsAccess('read'),
      schema: {
        tags: ['contact activity'],
        params: contactIdParams,
        querystring: recordPageQuery,
        response: { 200: contactActivityListAnswer },
      },
    },
    (req) =>
      req.tenant(async (tx) => {
        const orgId = req.ctx!.organizationId;
        await assertContactsExist(tx, orgId, [req.params.contactId]);
        return listActivities(tx, orgId, req.params.contactId, req.query.page, req.query.limit);
      }),
  );

  const family = ['family'];
  // Without an id the family is simply empty, hence the second path.
  for (const path of ['/contact/family/:contactId', '/contact/family']) {
    app.get(
      path,
      {
        config: contactsAccess('read'),
        schema: { tags: family, params: contactIdParams.partial(), response: { 200: familyListAnswer } },
      },
      (req) => req.tenant((tx) => listFamily(tx, req.ctx!.organizationId, req.params.contactId)),
    );
  }
  app.post(
    '/contact/family',
    {
      config: contactsAccess('write'),
      schema: { tags: family, body: familyLinkBody, response: { 200: familyMutationAnswer } },
    },
    async (req) =>
      saved('Family member added', await req.tenant((tx) => addFamilyLink(tx, req.ctx!, req.body))),
  );
  app.delete(
    '/contact/family/:id',
    {
      config: contactsAccess('delete'),
      schema: { tags: family, params: idParams, response: { 200: settingsDeletedAnswer } },
    },
    async (req) => {
      await req.tenant((tx) => removeFamilyLink(tx, req.ctx!, req.params.id));
      return deleted('Family member removed');
    },
  );
}
