import type { BookingGroupAnswer, BookingTypeAnswer } from '@opsuite/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../app/auth-store';
import { callsTo, jsonResponse, renderApp, stubDocumentFonts } from '../../test-utils';
import { fakeApi, id, signInAdmin } from './booking.test-kit';

const YOGA: BookingTypeAnswer = {
  _id: id(900),
  title: 'Morning Yoga',
  label: 'Morning Yoga',
  value: 'morning-yoga',
  programName: 'Yoga',
  program: { name: 'Yoga' },
  color: 'Sage',
  colorHex: '#33B679',
  kind: 'class',
  durationMinutes: 60,
  description: null,
  instructor: null,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};
const GROUP: BookingGroupAnswer = {
  _id: id(700),
  name: 'Yoga classes',
  description: null,
  slug: 'abc123xyz',
  isActive: true,
  bookingTypes: [{ _id: YOGA._id, title: YOGA.title }],
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
};

const RULES = { membership: 'off', window: false, opensMinutesBefore: 30, closesMinutesAfter: 0 };

let api: ReturnType<typeof fakeApi>;
const ok = (data: unknown) => jsonResponse({ success: true, message: 'ok', data });

beforeEach(() => {
  storeSession(signInAdmin());
  stubDocumentFonts();
  api = fakeApi((url, init) => {
    switch (`${init.method ?? 'GET'} ${url.pathname}`) {
      case 'GET /api/booking-type':
        return jsonResponse({ list: [YOGA] });
      case 'POST /api/booking-type':
        return ok({ ...YOGA, _id: id(901), ...JSON.parse(String(init.body)) });
      case `DELETE /api/booking-type/${YOGA._id}`:
        return jsonResponse({ success: true, message: 'Booking type deleted' });
      case 'GET /api/booking-group':
        return jsonResponse({ list: [GROUP] });
      case 'GET /api/class-schedule':
        return jsonResponse({ list: [] });
      case 'POST /api/class-schedule':
        return ok({});
      case 'GET /api/organization/current':
        return jsonResponse({ _id: id(1), checkInRules: RULES });
      case 'PUT /api/organization/current':
        return jsonResponse({ _id: id(1), checkInRules: JSON.parse(String(init.body)).checkInRules });
      default:
        return undefined;
    }
  });
  vi.stubGlobal('fetch', api);
});
afterEach(() => vi.unstubAllGlobals());

describe('booking setup', { timeout: 20_000 }, () => {
  it('creates a booking type with a colour name and kind', async () => {
    const user = userEvent.setup();
    renderApp('/booking/setup');
    await screen.findByText('Morning Yoga', {}, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Add booking type' }));
    const dialog = await screen.findByRole('dialog', { name: 'New booking type' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Title is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Title/), 'Personal Training');
    await user.type(within(dialog).getByLabelText(/Program name/), 'PT');
    await user.click(within(dialog).getByRole('radio', { name: 'Appointment' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Booking created')).toBeInTheDocument();
    expect(callsTo(api, '/booking-type', 'POST')[0]?.body).toMatchObject({
      title: 'Personal Training',
      programName: 'PT',
      color: 'Default',
      kind: 'other',
    });
  });

  it('deletes a booking type after confirmation', async () => {
    const user = userEvent.setup();
    renderApp('/booking/setup');
    await screen.findByText('Morning Yoga', {}, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Actions for Morning Yoga' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Morning Yoga?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Booking deleted')).toBeInTheDocument();
  });

  it('shows each group with its public link and a copy button', async () => {
    renderApp('/booking/setup?tab=groups');
    expect(await screen.findByText('Yoga classes', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByTestId('public-link')).toHaveTextContent(`${window.location.origin}/book/abc123xyz`);
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeInTheDocument();
  });

  it('checks a weekly schedule before creating it', async () => {
    const user = userEvent.setup();
    renderApp('/booking/setup?tab=schedules');
    await user.click(await screen.findByRole('button', { name: 'Add schedule' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'New class schedule' });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Choose a booking type')).toBeInTheDocument();
    await user.click(within(dialog).getAllByLabelText(/Booking type/)[0] as HTMLElement);
    await user.click(await screen.findByRole('option', { name: 'Morning Yoga' }));
    for (const day of ['Mon', 'Wed', 'Fri'])
      await user.click(within(dialog).getByRole('checkbox', { name: day }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Choose at least one day')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Tue' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Booking created')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(api, '/class-schedule', 'POST')).toHaveLength(1));
    expect(callsTo(api, '/class-schedule', 'POST')[0]?.body).toMatchObject({
      bookingTypeId: YOGA._id,
      daysOfWeek: [2],
      startTime: '09:00',
      endTime: '10:00',
      capacity: null,
      untilDate: null,
    });
  });

  it('sets the check-in rules: refuse a frozen or past-due membership, a window around the class', async () => {
    const user = userEvent.setup();
    renderApp('/booking/setup?tab=check-in');
    const form = await screen.findByRole('form', { name: 'Check-in rules' }, { timeout: 5000 });
    const opens = within(form).getByLabelText('Opens before start (minutes)');
    expect(opens).toBeDisabled();
    await user.click(within(form).getByText('Refuse'));
    await user.click(within(form).getByRole('switch', { name: /Check-in window/ }));
    expect(opens).toBeEnabled();
    await user.clear(opens);
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'Opens before start must be a number of minutes',
    );
    expect(callsTo(api, '/organization/current', 'PUT')).toHaveLength(0);
    await user.clear(opens);
    await user.type(opens, '45');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Check-in rules saved')).toBeInTheDocument();
    expect(callsTo(api, '/organization/current', 'PUT')[0]?.body).toEqual({
      checkInRules: { membership: 'refuse', window: true, opensMinutesBefore: 45, closesMinutesAfter: 0 },
    });
  });
});
