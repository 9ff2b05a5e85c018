import {
  shiftListAnswer,
  shiftListQuery,
  shiftWeekQuery,
  updateShiftsBody,
  weekShiftsMutationAnswer,
} from '@opsuite/shared';
import { tenantRoute } from '../../plugins/access.ts';
import type { App } from '../../plugins/types.ts';
import { listShifts, updateShifts } from './shifts.service.ts';

// contact/update-shifts (PUT, query startOfWeek and endOfWeek) and, to read
// them back, GET contact/shifts for a week (a path in the module's style; not in the spec).

const tags = ['contacts'];

export function contactShiftsRoutes(app: App) {
  app.put(
    '/contact/update-shifts',
    {
      config: tenantRoute('contacts', 'update'),
      schema: {
        tags,
        querystring: shiftWeekQuery,
        body: updateShiftsBody,
        response: { 200: weekShiftsMutationAnswer },
      },
    },
    async (req) => ({
      success: true as const,
      message: 'Shift updated',
      data: await req.tenant((tx) => updateShifts(tx, req.ctx!, req.query, req.body)),
    }),
  );

  app.get(
    '/contact/shifts',
    {
      config: tenantRoute('contacts', 'read'),
      schema: { tags, querystring: shiftListQuery, response: { 200: shiftListAnswer } },
    },
    (req) => req.tenant((tx) => listShifts(tx, req.ctx!.organizationId, req.query)),
  );
}
