import { bulkCreateAnswer, bulkCreateBody, contactCreateBody, contactMutationAnswer } from '@opsuite/shared';
import type { App } from '../../../plugins/types.ts';
import { contactsAccess } from '../access.ts';
import { addBuyer, type BulkKind, bulkCreate } from './bulk-create.service.ts';

// contact/addBulk, addBulkLeads (every row a lead), contact-bulk-create and add-buyer. Each answers every row's outcome; a duplicate names the contact it matches.

const tags = ['contacts'];

export function contactsBulkCreateRoutes(app: App) {
  for (const kind of ['addBulk', 'addBulkLeads', 'contact-bulk-create'] as const satisfies BulkKind[]) {
    app.post(
      `/contact/${kind}`,
      {
        config: contactsAccess('write'),
        schema: { tags, body: bulkCreateBody, response: { 200: bulkCreateAnswer } },
      },
      (req) => req.tenant((tx) => bulkCreate(tx, req.ctx!, req.body, kind)),
    );
  }

  app.post(
    '/contact/add-buyer',
    {
      config: contactsAccess('write'),
      schema: { tags, body: contactCreateBody, response: { 200: contactMutationAnswer } },
    },
    async (req) => {
      const { created, contact } = await req.tenant((tx) => addBuyer(tx, req.ctx!, req.body));
      return {
        success: true as const,
        message: created ? 'Buyer added' : 'Buyer already exists',
        data: contact,
      };
    },
  );
}
