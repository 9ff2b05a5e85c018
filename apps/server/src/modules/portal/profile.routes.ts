import { PORTAL_TEXT, portalFamilyAnswer, portalProfileAnswer, portalProfileBody } from '@opsuite/shared';
import type { App } from '../../plugins/types.ts';
import { memberOf } from '../booking/index.ts';
import { contactHooksOf } from '../contacts/index.ts';
import { ownRecords } from './access.ts';
import { memberFamily, updateProfile } from './profile.service.ts';

// The member's profile (name, phone, photo) and family, read only: adding a family member makes
// a contact, which stays with staff.

const tags = ['member portal'];

export function portalProfileRoutes(app: App) {
  app.put(
    '/portal/profile',
    {
      config: ownRecords(),
      schema: { tags, body: portalProfileBody, response: { 200: portalProfileAnswer } },
    },
    async (req) => {
      const ctx = req.ctx!;
      const m = memberOf(ctx);
      const data = await req.tenant((tx) =>
        updateProfile(tx, ctx, m, req.body, contactHooksOf(app.services)),
      );
      return { success: true as const, message: PORTAL_TEXT.profileSaved, data };
    },
  );

  app.get(
    '/portal/family',
    { config: ownRecords(), schema: { tags, response: { 200: portalFamilyAnswer } } },
    (req) => {
      const m = memberOf(req.ctx!);
      return req.tenant((tx) => memberFamily(tx, m));
    },
  );
}
