import { idParams, rankRequirementsBody, rankRequirementsMutationAnswer } from '@opsuite/shared';
import { saved } from '../../../lib/answers.ts';
import type { App } from '../../../plugins/types.ts';
import { contactsAccess } from '../access.ts';
import { updateRankRequirements } from './requirements.service.ts';

// The requirements a rank sets (classes since the previous rank, minimum days in it), in the
// style of the ranks calls: PUT /client-ranks/requirements/{id}.

export function rankRequirementsRoutes(app: App) {
  app.put(
    '/client-ranks/requirements/:id',
    {
      config: contactsAccess('update'),
      schema: {
        tags: ['progressions'],
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
