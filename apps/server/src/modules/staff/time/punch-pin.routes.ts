import { contactIdParam } from '@opsuite/shared/contracts/staff-schedule';
import { punchPinBody, punchPinMutation, STAFF_TEXT } from '@opsuite/shared/contracts/staff-time';
import { saved } from '../../../lib/answers.ts';
import { hashPassword } from '../../../lib/passwords.ts';
import type { App } from '../../../plugins/types.ts';
import { requireManager, staffAccess, subjectContact } from '../access.ts';
import { savePunchPin } from './punch-pin.ts';

// Setting the punch PIN: an employee their own (Time clock page), a manager anyone's (staff
// settings). The PIN is hashed before the transaction opens and never answered; null clears it.

const tags = ['staff time clock'];
const answer = (pinSet: boolean) => saved(pinSet ? STAFF_TEXT.pinSaved : STAFF_TEXT.pinCleared, { pinSet });

export function punchPinRoutes(app: App) {
  app.put(
    '/staff/time-clock/pin',
    {
      // Hashing takes a moment: it runs before the transaction opens.
      config: { ...staffAccess('update'), systemReads: true },
      schema: { tags, body: punchPinBody, response: { 200: punchPinMutation } },
    },
    async (req) => {
      const contactId = subjectContact(req.ctx!, undefined);
      const hash = req.body.pin === null ? null : await hashPassword(req.body.pin);
      const result = await req.tenant((tx) => savePunchPin(tx, req.ctx!.organizationId, contactId, hash));
      return answer(result.pinSet);
    },
  );
  app.put(
    '/staff/employees/:contactId/pin',
    {
      config: { ...staffAccess('update'), systemReads: true },
      schema: { tags, params: contactIdParam, body: punchPinBody, response: { 200: punchPinMutation } },
    },
    async (req) => {
      requireManager(req.ctx!, 'set another employee’s PIN');
      const hash = req.body.pin === null ? null : await hashPassword(req.body.pin);
      const result = await req.tenant((tx) =>
        savePunchPin(tx, req.ctx!.organizationId, req.params.contactId, hash),
      );
      return answer(result.pinSet);
    },
  );
}
