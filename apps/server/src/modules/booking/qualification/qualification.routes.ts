import { contactIdParams, contactQualificationAnswer } from '@opsuite/shared';
import type { App } from '../../../plugins/types.ts';
import { contactsAccess } from '../../contacts/index.ts';
import { contactQualification } from './qualification.service.ts';

// Qualified progression and qualified program of a contact in one read, under the contacts
// read permission: GET /contact-qualification/{contactId}.

export function contactQualificationRoutes(app: App) {
  app.get(
    '/contact-qualification/:contactId',
    {
      config: contactsAccess('read'),
      schema: {
        tags: ['progressions'],
        params: contactIdParams,
        response: { 200: contactQualificationAnswer },
      },
    },
    (req) => req.tenant((tx) => contactQualification(tx, req.ctx!.organizationId, req.params.contactId)),
  );
}
