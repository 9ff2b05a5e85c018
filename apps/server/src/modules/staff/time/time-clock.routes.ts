import {
  clockStatusAnswer,
  punchAnswer,
  punchBody,
  punchIdParams,
  STAFF_TEXT,
} from '@opsuite/shared/contracts/staff-time';
import { saved } from '../../../lib/answers.ts';
import type { App } from '../../../plugins/types.ts';
import { clockStatus, punch } from './time-clock.service.ts';

// The time clock of a paired kiosk (device credential only; the organisation comes from it).

const device = { auth: 'device' as const, permission: 'device' as const };
const tags = ['staff time clock'];
const MESSAGES = {
  in: STAFF_TEXT.punchedIn,
  out: STAFF_TEXT.punchedOut,
  break: STAFF_TEXT.breakStarted,
  resume: STAFF_TEXT.breakEnded,
};

export function timeClockRoutes(app: App) {
  app.get(
    '/staff/time-clock/employee/:punchId',
    { config: device, schema: { tags, params: punchIdParams, response: { 200: clockStatusAnswer } } },
    (req) =>
      req.tenant((tx) =>
        clockStatus(tx, req.device!.organizationId, req.device!.deviceId, req.params.punchId),
      ),
  );
  app.post(
    '/staff/time-clock/punch',
    { config: device, schema: { tags, body: punchBody, response: { 200: punchAnswer } } },
    async (req) => {
      const result = await req.tenant((tx) =>
        punch(tx, req.device!.organizationId, req.device!.deviceId, req.body),
      );
      return saved(MESSAGES[result.message], result.status);
    },
  );
}
