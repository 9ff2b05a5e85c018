import { addDaysToIsoDate, isoDateInZone, zonedTimeToInstant, zonedWeek } from '@opsuite/shared';
import { and, asc, eq, gt } from 'drizzle-orm';
import type { DatabaseHandle, Tx } from '../../db/client.ts';
import { withTenant } from '../../db/tenant.ts';
import { newId } from '../../lib/ids.ts';
import { hashPassword } from '../../lib/passwords.ts';
import { resolveContext } from '../../plugins/context.ts';
import type { RequestContext } from '../../plugins/types.ts';
import { addMember } from '../accounts/index.ts';
import { insertUsers } from '../auth/index.ts';
import { Outbox } from './schedule/notify.ts';
import { bid, offerShift } from './schedule/pool.service.ts';
import { publishWeek, saveRowOrder } from './schedule/publish.service.ts';
import { saveBudget } from './schedule/reports.service.ts';
import { requestTimeOff } from './schedule/requests.service.ts';
import { employeeShifts } from './schedule/schedule.tables.ts';
import { createShift } from './schedule/shifts.service.ts';
import { saveCategory, saveEmployee, savePosition } from './settings/catalog.service.ts';
import { type StoredBreak, workHistories } from './time/time.tables.ts';

// What `npm start` shows of staff time and scheduling in the demo organisation: two categories
// and three positions with hourly costs; Chris Coach, the admin, the owner and three more
// employees (who can sign in with the demo password) on the schedule; last week's and this
// week's shifts published (next week's left as drafts), last week's clocked work with lunch
// breaks (one shift missed, one clock-in late, for the attendance report); a pending time-off
// request of Chris's; a shift of Dana's offered in the pool with Chris's bid; planned sales for
// this week. Everything goes through the module's own services, as a manager and employees would.

export const STAFF_DEMO_EMPLOYEES = [
  { email: 'dana@demo.test', fullName: 'Dana Diaz' },
  { email: 'eli@demo.test', fullName: 'Eli Evans' },
  { email: 'fran@demo.test', fullName: 'Fran Fox' },
];

export interface StaffDemoPerson {
  userId: string;
  contactId: string;
}

export interface StaffDemoOptions {
  organizationId: string;
  timeZone: string;
  /** The password of the added employees. */
  password: string;
  /** The organisation's employee contact type. */
  employeeTypeId: string;
  coach: StaffDemoPerson;
  admin: StaffDemoPerson;
  owner: StaffDemoPerson;
  /** Today, for tests; the organisation's today by default. */
  today?: string;
}

/** [weekday 0-6, start HH:mm, end HH:mm, shift name] per person. */
type Pattern = [number, string, string, string][];

const weekdays = (days: number[], start: string, end: string, name: string): Pattern =>
  days.map((d) => [d, start, end, name]);

async function addEmployees(database: DatabaseHandle, o: StaffDemoOptions): Promise<StaffDemoPerson[]> {
  const hashes = await Promise.all(STAFF_DEMO_EMPLOYEES.map(() => hashPassword(o.password)));
  return database.db.transaction(async (tx) => {
    const ids = STAFF_DEMO_EMPLOYEES.map(() => newId());
    await insertUsers(
      tx,
      STAFF_DEMO_EMPLOYEES.map((m, i) => ({
        id: ids[i]!,
        email: m.email,
        passwordHash: hashes[i]!,
        fullName: m.fullName,
      })),
    );
    const people: StaffDemoPerson[] = [];
    for (const [i, m] of STAFF_DEMO_EMPLOYEES.entries()) {
      const { contactId } = await addMember(tx, {
        organizationId: o.organizationId,
        userId: ids[i]!,
        fullName: m.fullName,
        email: m.email,
        contactTypeId: o.employeeTypeId,
        userType: 'employee',
        assignerId: o.admin.userId,
      });
      people.push({ userId: ids[i]!, contactId });
    }
    return people;
  });
}

interface Planned {
  contactId: string;
  day: string;
  start: string;
  end: string;
  name: string;
  positionId: string;
}

/** A clocked session of a past shift: a few minutes off its times, a lunch break past 6 hours. */
async function clocked(tx: Tx, orgId: string, timeZone: string, p: Planned, lateMinutes: number) {
  const start = zonedTimeToInstant(p.day, p.start, timeZone) + lateMinutes * 60_000;
  let end = zonedTimeToInstant(p.day, p.end, timeZone) + ((p.day.charCodeAt(9) % 3) + 1) * 60_000;
  if (end <= start) end += 86_400_000;
  const breaks: StoredBreak[] = [];
  if (end - start >= 6 * 3_600_000) {
    const lunch = start + Math.round((end - start) / 2 / 60_000) * 60_000;
    breaks.push({
      _id: newId(),
      kind: 'meal',
      start: new Date(lunch).toISOString(),
      end: new Date(lunch + 30 * 60_000).toISOString(),
      description: 'Lunch',
    });
  }
  const s = employeeShifts;
  const [shift] = await tx
    .select({ id: s.id })
    .from(s)
    .where(
      and(
        eq(s.organizationId, orgId),
        eq(s.contactId, p.contactId),
        eq(s.startAt, new Date(zonedTimeToInstant(p.day, p.start, timeZone))),
      ),
    )
    .limit(1);
  await tx.insert(workHistories).values({
    organizationId: orgId,
    id: newId(),
    contactId: p.contactId,
    shiftId: shift?.id ?? null,
    shiftName: p.name,
    description: p.name,
    startAt: new Date(start),
    endAt: new Date(end),
    breakTimes: breaks,
  });
}

export async function seedStaffDemo(database: DatabaseHandle, o: StaffDemoOptions): Promise<void> {
  const orgId = o.organizationId;
  const tz = o.timeZone;
  const [dana, eli, fran] = await addEmployees(database, o);
  const ctxOf = (p: StaffDemoPerson) => resolveContext(database, p.userId, { organization: orgId });
  const admin = await ctxOf(o.admin);
  const run = <T>(fn: (tx: Tx) => Promise<T>) => withTenant(database.db, orgId, fn);
  const today = o.today ?? isoDateInZone(Date.now(), tz);
  const thisWeek = zonedWeek(today, tz).startOfWeek;
  const weeks = [-7, 0, 7].map((d) => addDaysToIsoDate(thisWeek, d));

  const planned = await run(async (tx) => {
    const desk = await saveCategory(tx, admin, null, { name: 'Front desk', color: '#00cfe8' });
    const floor = await saveCategory(tx, admin, null, { name: 'Coaching', color: '#7367f0' });
    const reception = await savePosition(tx, admin, null, {
      name: 'Reception',
      color: '#00cfe8',
      categoryId: desk._id,
      hourlyCostCents: 1600,
    });
    const coachPos = await savePosition(tx, admin, null, {
      name: 'Coach',
      color: '#7367f0',
      categoryId: floor._id,
      hourlyCostCents: 2500,
    });
    const manager = await savePosition(tx, admin, null, {
      name: 'Manager',
      color: '#ff9f43',
      categoryId: desk._id,
      hourlyCostCents: 3000,
    });
    const roster: [StaffDemoPerson, string, string, Pattern][] = [
      [o.admin, desk._id, manager._id, weekdays([1, 2, 3, 4, 5], '09:00', '17:00', 'Manager on duty')],
      [o.owner, desk._id, manager._id, weekdays([6], '10:00', '14:00', 'Manager on duty')],
      [dana!, desk._id, reception._id, weekdays([1, 3, 5], '06:00', '14:00', 'Front desk AM')],
      [fran!, desk._id, reception._id, weekdays([1, 2, 3, 4, 5], '14:00', '22:00', 'Front desk PM')],
      [o.coach, floor._id, coachPos._id, weekdays([1, 2, 3, 4, 5], '16:00', '21:00', 'Evening classes')],
      [
        eli!,
        floor._id,
        coachPos._id,
        [...weekdays([2, 4], '06:00', '12:00', 'Morning classes'), [6, '09:00', '15:00', 'Open mat']],
      ],
    ];
    const plan: Planned[] = [];
    for (const [person, categoryId, positionId, pattern] of roster) {
      await saveEmployee(tx, admin, person.contactId, { categoryId, positionIds: [positionId] });
      for (const week of weeks) {
        for (const [weekday, start, end, name] of pattern) {
          const day = addDaysToIsoDate(week, weekday);
          plan.push({ contactId: person.contactId, day, start, end, name, positionId });
          await createShift(tx, admin, {
            contactId: person.contactId,
            shiftName: name,
            positionIds: [positionId],
            startDate: new Date(zonedTimeToInstant(day, start, tz)).toISOString(),
            endDate: new Date(zonedTimeToInstant(day, end, tz)).toISOString(),
            note: null,
          });
        }
      }
    }
    await saveRowOrder(
      tx,
      admin,
      roster.map(([p]) => p.contactId),
    );
    const outbox = new Outbox(); // demo data: nobody is e-mailed
    await publishWeek(tx, admin, weeks[0]!, outbox);
    await publishWeek(tx, admin, weeks[1]!, outbox);
    return plan;
  });

  // Last week as clocked: Eli missed Saturday's open mat, Fran was 12 minutes late on Tuesday.
  await run(async (tx) => {
    for (const p of planned.filter((s) => s.day < thisWeek)) {
      if (p.contactId === eli!.contactId && p.day === addDaysToIsoDate(weeks[0]!, 6)) continue;
      const late = p.contactId === fran!.contactId && p.day === addDaysToIsoDate(weeks[0]!, 2) ? 12 : 0;
      await clocked(tx, orgId, tz, p, late || (p.day.charCodeAt(9) % 4) - 2);
    }
  });

  await run((tx) =>
    saveBudget(
      tx,
      admin,
      {
        startOfWeek: weeks[1]!,
        endOfWeek: addDaysToIsoDate(weeks[1]!, 6),
        days: [0, 1, 2, 3, 4, 5, 6].map((d) => ({
          day: addDaysToIsoDate(weeks[1]!, d),
          plannedSalesCents: [90_000, 240_000, 210_000, 230_000, 200_000, 260_000, 180_000][d]!,
        })),
      },
      // The demo keeps the planned sales; the labour cost in the answer is not read here.
      undefined,
    ),
  );

  const coach = await ctxOf(o.coach);
  await run((tx) =>
    requestTimeOff(tx, coach, {
      startDate: addDaysToIsoDate(weeks[2]!, 3),
      endDate: addDaysToIsoDate(weeks[2]!, 4),
      reason: 'Family visit',
    }),
  );
  await offerDanasShift(database, o, dana!, planned, coach, ctxOf, admin);
}

/** Dana offers her next published shift that has not started (next week's, published for it, if none); Chris bids. */
async function offerDanasShift(
  database: DatabaseHandle,
  o: StaffDemoOptions,
  dana: StaffDemoPerson,
  planned: Planned[],
  coach: RequestContext,
  ctxOf: (p: StaffDemoPerson) => Promise<RequestContext>,
  admin: RequestContext,
) {
  const orgId = o.organizationId;
  const run = <T>(fn: (tx: Tx) => Promise<T>) => withTenant(database.db, orgId, fn);
  const soon = Date.now() + 3_600_000;
  const find = () =>
    run(async (tx) => {
      const s = employeeShifts;
      const [next] = await tx
        .select({ id: s.id })
        .from(s)
        .where(
          and(
            eq(s.organizationId, orgId),
            eq(s.pubContactId, dana.contactId),
            gt(s.pubStartAt, new Date(soon)),
          ),
        )
        .orderBy(asc(s.pubStartAt))
        .limit(1);
      return next?.id;
    });
  let shiftId = await find();
  if (!shiftId) {
    const next = planned
      .map((p) => p.day)
      .sort()
      .at(-1)!;
    await run((tx) => publishWeek(tx, admin, zonedWeek(next, o.timeZone).startOfWeek, new Outbox()));
    shiftId = await find();
  }
  if (!shiftId) return;
  const danaCtx = await ctxOf(dana);
  const offer = await run((tx) =>
    offerShift(tx, danaCtx, { shiftId: shiftId!, note: 'Dentist appointment' }),
  );
  await run((tx) => bid(tx, coach, offer._id, undefined));
}
