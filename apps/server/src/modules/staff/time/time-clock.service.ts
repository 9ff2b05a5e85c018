import type { ClockShift, ClockStatusAnswer, PunchBody } from '@opsuite/shared/contracts/staff-time';
import type { Tx } from '../../../db/client.ts';
import { conflict, notFound, unauthenticated } from '../../../lib/errors.ts';
import { normalizePunchId } from '../../contacts/index.ts';
import { employeeOnDevice } from '../fast/punch-lookup.ts';
import { shiftToClockIn } from './clock-shift.ts';
import { checkPunchPin, requirePinGiven } from './punch-pin.ts';
import { breakOf, clockIn, clockOut, closeBreak, lockedOpenSession, takeBreak } from './work.service.ts';
import { type WorkRow, workAnswer } from './work-rows.ts';

// The time clock on a paired kiosk: an employee types their punch id (the contact's punch id,
// the same field members check in with; a number is padded to 10 digits as it is stored) and
// clocks in, out, or on and off a break. The device
// credential names the organisation; the device must still be active. When the organisation
// requires a punch PIN, every call carries it and it is checked (punch-pin.ts). Clocking in links
// the shift the employee is due on (clock-shift.ts).

interface Employee {
  id: string;
  name: string;
  timeZone: string;
}

async function employeeByPunch(
  tx: Tx,
  orgId: string,
  deviceId: string,
  punchId: string,
  pin: string | undefined,
): Promise<Employee> {
  const row = await employeeOnDevice(tx, orgId, deviceId, normalizePunchId(punchId.trim()) ?? '');
  if (!row?.device_ok) throw unauthenticated('This device was removed');
  if (row.pin_required) {
    requirePinGiven(pin);
    await checkPunchPin(tx, orgId, row.id, pin);
  }
  if (!row.id) throw notFound('Employee with this punch id');
  return { id: row.id, name: row.full_name ?? '', timeZone: row.time_zone };
}

function statusOf(
  employee: Employee,
  open: WorkRow | null,
  offeredShift: ClockShift | null = null,
): ClockStatusAnswer {
  const { id: contactId, name, timeZone } = employee;
  if (!open) {
    return {
      contactId,
      name,
      status: 'out',
      historyId: null,
      startTime: null,
      workedMs: 0,
      offeredShift,
      timeZone,
    };
  }
  const a = workAnswer(open);
  return {
    contactId,
    name,
    timeZone,
    status: a.onBreak ? 'onBreak' : 'working',
    historyId: a.historyId,
    startTime: a.startTime,
    workedMs: a.workedMs,
    offeredShift: null,
  };
}

export async function clockStatus(
  tx: Tx,
  orgId: string,
  deviceId: string,
  body: { punchId: string; pin?: string | undefined },
) {
  const employee = await employeeByPunch(tx, orgId, deviceId, body.punchId, body.pin);
  const open = await lockedOpenSession(tx, orgId, employee.id);
  const shift = open ? null : await shiftToClockIn(tx, orgId, employee.id, employee.timeZone);
  return statusOf(employee, open, shift);
}

export async function punch(tx: Tx, orgId: string, deviceId: string, body: PunchBody) {
  const employee = await employeeByPunch(tx, orgId, deviceId, body.punchId, body.pin);
  const open = await lockedOpenSession(tx, orgId, employee.id);
  if (body.action === 'in') {
    const shift = open ? null : await shiftToClockIn(tx, orgId, employee.id, employee.timeZone);
    const started = await clockIn(tx, orgId, employee.id, null, {
      description: 'Time clock',
      ...(shift ? { shiftId: shift._id } : {}),
    });
    return {
      message: 'in' as const,
      status: statusOf(employee, await lockedOpenSession(tx, orgId, started.data.contactId)),
    };
  }
  if (!open) throw conflict('You are not clocked in', 'punchId');
  if (body.action === 'out') {
    await clockOut(tx, orgId, open);
    return { message: 'out' as const, status: statusOf(employee, null) };
  }
  if (body.action === 'break') await takeBreak(tx, orgId, employee.id, breakOf(body));
  else await closeBreak(tx, orgId, open);
  return {
    message: body.action,
    status: statusOf(employee, await lockedOpenSession(tx, orgId, employee.id)),
  };
}
