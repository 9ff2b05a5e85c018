import {
  contactAnswer,
  contactArrayAnswer,
  contactCountsAnswer,
  contactExistsAnswer,
  contactExistsBody,
  contactFiltersQuery,
  contactListAnswer,
  contactListQuery,
  contactSearchQuery,
  duplicateAnswer,
  duplicateQuery,
  filteredTotalAnswer,
  idParams,
  multiByIdQuery,
  pickerListAnswer,
} from '@opsuite/shared';
import { sendJsonText } from '../../plugins/serializer.ts';
import type { App } from '../../plugins/types.ts';
import { assertOwnOrContactsRead, contactsAccess, ownOrContactsRead } from './access.ts';
import { buildAnswers, loadContacts, staleAnswers } from './answers/read.ts';
import { findExisting, getContact } from './contacts.service.ts';
import { duplicateGroups } from './lists/duplicates.service.ts';
import {
  contactCounts,
  filteredTotal,
  listAnswerText,
  listContacts,
  type SearchKind,
  searchContacts,
} from './lists/search.service.ts';

const tags = ['contacts'];
/** A read whose req.tenant() work is one statement (sent with COMMIT behind it). */
const oneRead = { ...contactsAccess('read'), oneStatement: true };

export function contactsReadRoutes(app: App) {
  app.get(
    '/contact/get',
    {
      config: oneRead,
      schema: { tags, querystring: contactListQuery, response: { 200: contactListAnswer } },
    },
    async (req, reply) => {
      const page = await req.tenant((tx) => listContacts(tx, req.ctx!, req.query));
      // Stale stored answers (after a rename, until the refresher has run) are built in a
      // second one-statement transaction: the first was committed with its statement.
      const stale = staleAnswers(page.rows);
      const built =
        stale.length === 0
          ? new Map<string, string>()
          : await req.tenant((tx) => buildAnswers(tx, req.ctx!.organizationId, stale));
      sendJsonText(reply, contactListAnswer, listAnswerText(page, built));
    },
  );

  app.get(
    '/contact/get-total',
    { config: oneRead, schema: { tags, response: { 200: contactCountsAnswer } } },
    (req) => req.tenant((tx) => contactCounts(tx, req.ctx!.organizationId)),
  );

  app.get(
    '/contact/get-filtered-total',
    {
      config: oneRead,
      schema: { tags, querystring: contactFiltersQuery, response: { 200: filteredTotalAnswer } },
    },
    (req) => req.tenant((tx) => filteredTotal(tx, req.ctx!, req.query)),
  );

  for (const kind of ['name', 'phone', 'email'] as const satisfies SearchKind[]) {
    app.get(
      `/contact/search-${kind}`,
      {
        config: oneRead,
        schema: { tags, querystring: contactSearchQuery, response: { 200: pickerListAnswer } },
      },
      (req) => req.tenant((tx) => searchContacts(tx, req.ctx!.organizationId, kind, req.query)),
    );
  }

  app.get(
    '/contact/get-multi-by-id',
    {
      config: contactsAccess('read'),
      schema: { tags, querystring: multiByIdQuery, response: { 200: contactArrayAnswer } },
    },
    async (req) => ({
      list: await req.tenant((tx) => loadContacts(tx, req.ctx!.organizationId, req.query.ids)),
    }),
  );

  // Staff with contacts access read any contact; anyone else only their own (a member's record).
  app.get(
    '/contact/getById/:id',
    { config: ownOrContactsRead, schema: { tags, params: idParams, response: { 200: contactAnswer } } },
    (req) => {
      assertOwnOrContactsRead(req.ctx!, req.params.id);
      return req.tenant((tx) => getContact(tx, req.ctx!.organizationId, req.params.id));
    },
  );

  app.get(
    '/contact/duplicate',
    {
      config: contactsAccess('read'),
      schema: { tags, querystring: duplicateQuery, response: { 200: duplicateAnswer } },
    },
    (req) => req.tenant((tx) => duplicateGroups(tx, req.ctx!.organizationId, req.query)),
  );

  app.post(
    '/contact/contact-exists',
    {
      config: contactsAccess('read'),
      schema: { tags, body: contactExistsBody, response: { 200: contactExistsAnswer } },
    },
    async (req) => {
      const contact = await req.tenant((tx) => findExisting(tx, req.ctx!.organizationId, req.body));
      return { exists: contact !== null, contact };
    },
  );
}
