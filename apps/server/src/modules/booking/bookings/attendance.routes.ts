import { bookingAttendanceAnswer, bookingAttendanceBody, idParams } from '@opsuite/shared';
import { saved } from '../../../lib/answers.ts';
import type { App } from '../../../plugins/types.ts';
import { bookingAccess } from '../access.ts';
import { attendanceActorOf, markAttendance } from './attendance.service.ts';

// Taking attendance: staff check a member in, undo it or mark a no-show ('Checked In' /
// 'Booking updated'). An employee may take it only for the classes they teach.

export function attendanceRoutes(app: App) {
  app.put(
    '/booking/:id/attendance',
    {
      config: bookingAccess('update'),
      schema: {
        tags: ['bookings'],
        params: idParams,
        body: bookingAttendanceBody,
        response: { 200: bookingAttendanceAnswer },
      },
    },
    async (req) => {
      const actor = attendanceActorOf(req.ctx!);
      const { message, data, warning } = await req.tenant((tx) =>
        markAttendance(tx, actor, req.params.id, req.body.status),
      );
      return { ...saved(message, data), ...(warning ? { warning } : {}) };
    },
  );
}
