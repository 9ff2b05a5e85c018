import {
  clockStatusAnswer,
  punchAnswer,
  punchBody,
  punchIdParams,
  punchLookupBody,
  STAFF_TEXT,
} from '@opsuite/shared/contracts/staff-time';
import { saved } from '../../../lib/answers.ts';
import { AppError } from '../../../lib/errors.ts';
import { rateLimited } from '../../../lib/rate-limiter.ts';
import type { App, DeviceContext } from '../../../plugins/types.ts';
import { TimeClockLimit } from './clock-limit.ts';
import { clockStatus, punch } from './time-clock.service.ts';

// The time clock of a paired kiosk (device credential only; the organisation comes from it).
// Every lookup and punch draws on the tablet's and the organisation's budgets (clock-limit.ts).

const device = { auth: 'device' as const, permission: 'device' as const };
const tags = ['staff time clock'];
const MESSAGES = {
  in: STAFF_TEXT.punchedIn,
  out: STAFF_TEXT.punchedOut,
  break: STAFF_TEXT.breakStarted,
  resume: STAFF_TEXT.breakEnded,
};
/** The 429's wording: "Too many attempts. Try again in 1 minute." */
const ATTEMPTS = 'attempts';

/** Failures that found nobody: an unknown punch id, a wrong or missing PIN, a removed device. */
const isMiss = (err: unknown) =>
  err instanceof AppError &&
  (err.code === 'NOT_FOUND' || err.code === 'UNAUTHENTICATED' || err.code === 'FORBIDDEN');

export function timeClockRoutes(app: App) {
  const limit = new TimeClockLimit(app.services.limiter, {
    onError: (err) => app.log.error({ err }, 'time clock: counting a lookup failed'),
  });
  const limited = async <T>(on: DeviceContext, work: () => Promise<T>): Promise<T> => {
    const turn = await limit.take(on.organizationId, on.deviceId);
    if (!turn.allowed) throw rateLimited(turn.resetMs, ATTEMPTS);
    try {
      const result = await work();
      limit.found(turn);
      return result;
    } catch (err) {
      if (!isMiss(err)) limit.found(turn);
      throw err;
    }
  };

  app.get(
    '/staff/time-clock/employee/:punchId',
    { config: device, schema: { tags, params: punchIdParams, response: { 200: clockStatusAnswer } } },
    (req) =>
      limited(req.device!, () =>
        req.tenant((tx) =>
          clockStatus(tx, req.device!.organizationId, req.device!.deviceId, { punchId: req.params.punchId }),
        ),
      ),
  );
  // The same look-up with the PIN in the body (never in an address, where logs would keep it).
  app.post(
    '/staff/time-clock/employee',
    { config: device, schema: { tags, body: punchLookupBody, response: { 200: clockStatusAnswer } } },
    (req) =>
      limited(req.device!, () =>
        req.tenant((tx) => clockStatus(tx, req.device!.organizationId, req.device!.deviceId, req.body)),
      ),
  );
  app.post(
    '/staff/time-clock/punch',
    { config: device, schema: { tags, body: punchBody, response: { 200: punchAnswer } } },
    async (req) => {
      const result = await limited(req.device!, () =>
        req.tenant((tx) => punch(tx, req.device!.organizationId, req.device!.deviceId, req.body)),
      );
      return saved(MESSAGES[result.message], result.status);
    },
  );
}
