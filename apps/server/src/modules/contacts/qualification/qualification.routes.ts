import {
  contactIdParams,
  contactQualificationAnswer,
  idParams,
  rankRequirementsBody,
  rankRequirementsMutationAnswer,
} from '@opsuite/shared';
import { saved } from '../../../lib/answers.ts';
import type { App } from '../../../plugins/types.ts';
import { contactsAccess } from '../access.ts';
import { contactQualification, updateRankRequirements } from './qualification.service.ts';

// Qualified progression and qualified program of a contact in one read, and the requirements a
// rank sets (classes since the previous rank, minimum days in it). Paths chosen in the style of
// the ranks calls: GET /contact-qualification/{contactId}, PUT /client-ranks/requirements/{id}.

export function contactQualificationRoutes(app: App) {
  const tags = ['progressions'];
  app.get(
    '/contact-qualification/:contactId',
    {
      config: contactsAccess('read'),
      schema: { tags, params: contactIdParams, response: { 200: contactQualificationAnswer } },
    },
    (req) => req.tenant((tx) => contactQualification(tx, req.ctx!.organizationId, req.params.contactId)),
  );
  app.put(
    '/client-ranks/requirements/:id',
    {
      config: contactsAccess('update'),
      schema: {
        tags,
        params: idParams,
        body: rankRequirementsBody,
        response: { 200: rankRequirementsMutationAnswer },
      },
    },
    async (req) =>
      saved(
        'Rank requirements updated',
        await req.tenant((tx) =>
          updateRankRequirements(tx, req.ctx!.organizationId, req.params.id, req.body),
        ),
      ),
  );
}
