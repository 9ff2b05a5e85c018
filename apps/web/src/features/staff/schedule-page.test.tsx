import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../app/auth-store';
import { zonedIso } from '../../app/zone-time';
import { callsTo, errorResponse, jsonResponse, renderApp, stubDocumentFonts } from '../../test-utils';
import { fakeApi, id, ok, schedule, shift, signInStaff } from './staff.test-kit';
import { currentWeek } from './staff-format';

const NY = 'America/New_York';
let api: ReturnType<typeof fakeApi>;
/** The answer to the next POST /employee-shifts, when a test wants a refusal. */
let refuseCreate: Response | null = null;

beforeEach(() => {
  stubDocumentFonts();
  storeSession(signInStaff('admin', NY));
  const week = currentWeek(NY);
  const [sun, mon, tue] = [0, 1, 2].map((i) => {
    const d = new Date(`${week.startOfWeek}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + i);
    return d.toISOString().slice(0, 10);
  });
  // Monday 22:00 to Tuesday 04:00 in New York: shown on Monday, marked as ending a day later.
  const night = shift(1, id(10), mon!, zonedIso(mon!, '22:00', NY), zonedIso(tue!, '04:00', NY), {
    shiftName: 'Night',
    state: 'draft',
    overTimeOff: true,
  });
  const rows = [
    {
      contactId: id(10),
      fullName: 'Maya Lopez',
      categoryId: null,
      positionIds: [],
      hourlyCostCents: 2000,
      shifts: [night],
      timeOff: [],
      scheduledMs: 6 * 3_600_000,
      costCents: 12_000,
      uncostedShifts: 0,
    },
    {
      contactId: id(11),
      fullName: 'Sam Carter',
      categoryId: null,
      positionIds: [],
      hourlyCostCents: null,
      shifts: [],
      timeOff: [],
      scheduledMs: 0,
      costCents: 0,
      uncostedShifts: 2,
    },
  ];
  void sun;
  api = fakeApi((url, init) => {
    const method = init.method ?? 'GET';
    const p = url.pathname;
    if (p === '/api/employee-shifts' && method === 'GET') return jsonResponse(schedule(week, rows));
    if (p === '/api/employee-budgets') {
      return jsonResponse({
        ...week,
        days: [],
        plannedSalesCents: 100_000,
        labourCostCents: 12_000,
        labourPercent: 12,
      });
    }
    if (p === '/api/employee-shifts/activity')
      return jsonResponse({
        list: [
          {
            _id: id(99),
            action: 'shift.created',
            message: 'Night added for Maya Lopez',
            actorName: 'Jane',
            startOfWeek: week.startOfWeek,
            at: '2026-06-01T10:00:00Z',
          },
        ],
        total: 1,
      });
    if (p === '/api/contact-position') return jsonResponse({ list: [] });
    if (p === '/api/employee-shifts/publish' && method === 'POST')
      return ok('Schedule published', { publishedAt: null, changed: 1, notified: 1 });
    if (p === '/api/employee-shifts' && method === 'POST') return refuseCreate ?? ok('Shift created', night);
    if (p === '/api/employee-shifts/row-order')
      return jsonResponse({ success: true, message: 'Row order Updated' });
    return undefined;
  });
  vi.stubGlobal('fetch', api);
});
afterEach(() => {
  refuseCreate = null;
  vi.unstubAllGlobals();
});

describe('the schedule grid', { timeout: 20_000 }, () => {
  it('shows a night shift on the day it starts in the organisation zone, flagged over time off', async () => {
    renderApp('/staff/schedule');
    const card = await screen.findByRole('button', { name: /Night/ }, { timeout: 5000 });
    expect(card).toHaveTextContent('10:00 PM – 04:00 AM (+1)');
    expect(card).toHaveTextContent('Time off');
    expect(card).toHaveTextContent('Draft');
    const week = currentWeek(NY);
    const mon = new Date(`${week.startOfWeek}T00:00:00Z`);
    mon.setUTCDate(mon.getUTCDate() + 1);
    const cell = screen.getByTestId(`cell-${id(10)}-${mon.toISOString().slice(0, 10)}`);
    expect(within(cell).getByText('Night')).toBeInTheDocument();
    expect(screen.getByTestId('budget-strip')).toHaveTextContent('12.0%');
    // Labour cost with its currency sign; shifts that cost nothing for want of a rate are named.
    expect(screen.getByText('Maya Lopez').parentElement).toHaveTextContent('6h 00m · $120.00');
    expect(screen.getByTestId('budget-strip')).toHaveTextContent('$1,000.00');
    expect(screen.getByTestId('uncosted')).toHaveTextContent('2 shifts without a rate');
    expect(screen.getByTestId('budget-strip')).not.toHaveTextContent('until payroll');
    expect(screen.getByTestId('activity-log')).toHaveTextContent('Night added for Maya Lopez');
  });

  it('publishes the week shown, and creates a shift from a clicked cell on the organisation clock', async () => {
    const user = userEvent.setup();
    renderApp('/staff/schedule');
    await screen.findByText('Maya Lopez', {}, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    const week = currentWeek(NY);
    await waitFor(() => expect(callsTo(api, '/employee-shifts/publish', 'POST')[0]?.body).toEqual(week));

    const cell = screen.getByTestId(`cell-${id(11)}-${week.startOfWeek}`);
    await user.pointer([
      { keys: '[MouseLeft>]', target: cell },
      { keys: '[/MouseLeft]', target: cell },
    ]);
    expect(await screen.findByText('New shift')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(callsTo(api, '/employee-shifts', 'POST')).toHaveLength(1));
    const body = callsTo(api, '/employee-shifts', 'POST')[0]!.body;
    expect(body.contactId).toBe(id(11));
    // 09:00 to 17:00 in New York, whatever zone the browser is in.
    expect(body.startDate).toBe(zonedIso(week.startOfWeek, '09:00', NY));
    expect(body.endDate).toBe(zonedIso(week.startOfWeek, '17:00', NY));
  });

  it('keeps the form open with what was typed when the shift conflicts', async () => {
    const message = 'This shift overlaps Sam Carter’s shift Opening (09:00 AM – 05:00 PM)';
    refuseCreate = errorResponse(409, 'CONFLICT', message);
    const user = userEvent.setup();
    renderApp('/staff/schedule');
    await screen.findByText('Maya Lopez', {}, { timeout: 5000 });
    const week = currentWeek(NY);
    const cell = screen.getByTestId(`cell-${id(11)}-${week.startOfWeek}`);
    await user.pointer([
      { keys: '[MouseLeft>]', target: cell },
      { keys: '[/MouseLeft]', target: cell },
    ]);
    const name = await screen.findByLabelText('Shift name');
    await user.clear(name);
    await user.type(name, 'Inventory count');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('shift-refusal')).toHaveTextContent(message);
    expect(screen.getByText('New shift')).toBeInTheDocument();
    expect(screen.getByLabelText('Shift name')).toHaveValue('Inventory count');
  });
});
