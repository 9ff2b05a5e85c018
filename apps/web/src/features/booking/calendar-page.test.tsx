import type { AdminSlot, BookingRecord, CalendarItem } from '@opsuite/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../app/auth-store';
import { callsTo, jsonResponse, makeLoginAnswer, renderApp, stubDocumentFonts } from '../../test-utils';
import { calendarItem, fakeApi, id, signInAdmin, signInEmployee, todayAt } from './booking.test-kit';
import { FILTERS, toCalendarEvents, toggleFilter } from './calendar-events';
import { attendeeMessages } from './components/slot-attendees';

const ITEMS = [
  calendarItem('class', 1, 'Morning Yoga'),
  calendarItem('appointment', 2, 'Personal Training'),
  calendarItem('event', 3, 'Staff meeting'),
];
const TODAY = todayAt(10).slice(0, 10);
const SLOT: AdminSlot = {
  _id: id(1),
  date: TODAY,
  startTime: '10:00',
  endTime: '11:00',
  startsAt: todayAt(10),
  endsAt: todayAt(11),
  capacity: 20,
  attendedSlots: 1,
  bookingType: { _id: id(900), title: 'Morning Yoga', program: { name: 'Yoga' } },
  type: 'class',
  bookedCount: 2,
  remaining: 18,
  scheduleId: null,
  color: 'Sage',
  colorHex: '#33B679',
  instructorId: null,
  instructor: null,
};
const attendee = (n: number, name: string, status: BookingRecord['status']): BookingRecord => ({
  _id: id(300 + n),
  invitedUser: id(800 + n),
  bookingSlot: id(1),
  bookingType: id(900),
  status,
  attendDate: status === 'completed' ? todayAt(10) : null,
  type: 'class',
  isDeleted: false,
  startDate: todayAt(10),
  endDate: todayAt(11),
  contact: { _id: id(800 + n), fullName: name, photo: null, email: null, phone: null },
  bookingTypeTitle: 'Morning Yoga',
  lateCancel: false,
  color: 'Sage',
  slot: { date: TODAY, startTime: '10:00', endTime: '11:00' },
  notes: null,
  source: 'kiosk',
  createdAt: todayAt(8),
  updatedAt: todayAt(8),
});

let api: ReturnType<typeof fakeApi>;
let slotAnswer: AdminSlot = SLOT;
let items: CalendarItem[] = ITEMS;

beforeEach(() => {
  slotAnswer = SLOT;
  items = ITEMS;
  storeSession(signInAdmin());
  api = fakeApi((url, init) => {
    const method = init.method ?? 'GET';
    switch (`${method} ${url.pathname}`) {
      case 'GET /api/calender-setting':
        return jsonResponse({
          weekStart: 0,
          slotDurationMinutes: 30,
          dayStartTime: '06:00',
          dayEndTime: '22:00',
          defaultView: 'listWeek',
          defaultCapacity: null,
          publicBookingDays: 14,
          timeZone: 'UTC',
        });
      case 'GET /api/calendar/events':
        return jsonResponse({ list: items });
      case 'GET /api/booking-slot':
        return jsonResponse({ list: [slotAnswer] });
      case 'GET /api/booking':
        return jsonResponse({
          list: [attendee(1, 'Morgan Member', 'completed'), attendee(2, 'Casey Client', 'booked')],
          pagination: { page: 0, perPage: 400, total: 2 },
        });
      case 'GET /api/booking-type':
        return jsonResponse({ list: [] });
      case 'GET /api/contact/search-name':
        return jsonResponse({
          list: [
            {
              _id: id(850),
              fullName: 'Riley Visitor',
              photo: null,
              email: 'riley@example.com',
              phone: null,
              status: 'active',
              isFormer: false,
              contactType: null,
              currentRank: null,
              stopSms: false,
            },
          ],
          pagination: { page: 0, pageSize: 10, hasMore: false },
        });
      case 'POST /api/booking':
        return jsonResponse({
          success: true,
          message: 'Booking created',
          data: attendee(3, 'Riley Visitor', 'booked'),
        });
      case `PUT /api/booking/${id(302)}/attendance`:
        return jsonResponse({
          success: true,
          message: 'Checked In',
          data: attendee(2, 'Casey Client', 'completed'),
        });
      case `PUT /api/booking/${id(301)}/attendance`:
        return jsonResponse({
          success: true,
          message: 'Booking updated',
          data: attendee(1, 'Morgan Member', 'booked'),
        });
      case 'PUT /api/calender-setting':
        return jsonResponse({
          success: true,
          message: 'Saved',
          data: { ...JSON.parse(String(init.body)), timeZone: 'UTC' },
        });
      case `PUT /api/booking-slot/${id(1)}`:
        return jsonResponse({ success: true, message: 'Slot updated', data: SLOT });
      default:
        return undefined;
    }
  });
  vi.stubGlobal('fetch', api);
});
afterEach(() => vi.unstubAllGlobals());

async function openCalendar() {
  const user = userEvent.setup();
  renderApp('/calendar');
  await screen.findByText('Morning Yoga · 3/20', {}, { timeout: 8000 });
  return user;
}

describe('calendar filters', () => {
  it('keeps only the switched-on calendars and colours items by their colour name', () => {
    const hexOf = () => '#7367f0';
    const all = toCalendarEvents(ITEMS, new Set(FILTERS), hexOf, { canUpdate: true });
    expect(all.map((e) => e.title)).toEqual([
      'Morning Yoga · 3/20',
      'Personal Training · Morgan Member',
      'Staff meeting',
    ]);
    expect(all[0]).toMatchObject({ backgroundColor: '#33B679', durationEditable: true, startEditable: true });
    expect(all[2]).toMatchObject({ startEditable: false });
    const classesOff = toCalendarEvents(ITEMS, new Set(['Events', 'Appointments']), hexOf, {
      canUpdate: true,
    });
    expect(classesOff.map((e) => e.title)).not.toContain('Morning Yoga · 3/20');
    const named = { ...ITEMS[1]!, title: 'Personal Training: Morgan Member' };
    expect(toCalendarEvents([named], new Set(FILTERS), hexOf, { canUpdate: true })[0]?.title).toBe(
      'Personal Training: Morgan Member',
    );
    expect(toggleFilter(new Set(FILTERS), 'all').size).toBe(0);
    expect([...toggleFilter(new Set(), 'all')]).toEqual(['Events', 'Appointments', 'Classes']);
    expect([...toggleFilter(new Set(FILTERS), 'Classes')]).toEqual(['Events', 'Appointments']);
  });
});

describe('attendee messages', () => {
  it('say Booking created / updated / deleted for a class and Appointment … for other slots', () => {
    expect(attendeeMessages('class')).toEqual({
      created: 'Booking created',
      updated: 'Booking updated',
      deleted: 'Booking deleted',
    });
    expect(attendeeMessages('other')).toEqual({
      created: 'Appointment booked!',
      updated: 'Appointment updated',
      deleted: 'Appointment deleted',
    });
  });
});

describe('calendar page', { timeout: 25_000 }, () => {
  it('shows classes, appointments and events and filters them with Events, Appointments, Classes', async () => {
    const user = await openCalendar();
    const filters = screen.getByRole('group', { name: 'Calendar filters' });
    expect(within(filters).getByRole('checkbox', { name: 'Events' })).toBeChecked();
    expect(screen.getByText('Personal Training · Morgan Member')).toBeInTheDocument();
    expect(screen.getByText('Staff meeting')).toBeInTheDocument();

    await user.click(within(filters).getByRole('checkbox', { name: 'Classes' }));
    await waitFor(() => expect(screen.queryByText('Morning Yoga · 3/20')).not.toBeInTheDocument());
    expect(screen.getByText('Staff meeting')).toBeInTheDocument();

    await user.click(within(filters).getByRole('checkbox', { name: 'Events' }));
    await waitFor(() => expect(screen.queryByText('Staff meeting')).not.toBeInTheDocument());
    expect(screen.getByText('Personal Training · Morgan Member')).toBeInTheDocument();

    await user.click(within(filters).getByRole('checkbox', { name: 'View all' }));
    expect(await screen.findByText('Morning Yoga · 3/20')).toBeInTheDocument();
    expect(screen.getByText('Staff meeting')).toBeInTheDocument();

    const query = callsTo(api, '/calendar/events')[0]?.query;
    expect(query?.start).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(query?.end).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it('opens a class slot with its attendees and saves it', async () => {
    const user = await openCalendar();
    await user.click(screen.getByText('Morning Yoga · 3/20'));
    const drawer = await screen.findByRole('dialog', { name: 'Class slot' });
    expect(await within(drawer).findByText('Morgan Member')).toBeInTheDocument();
    const statuses = within(drawer)
      .getAllByTestId('attendee-status')
      .map((s) => s.textContent);
    expect(statuses).toEqual(['Checked in', 'Booked']);
    expect(within(drawer).getByTestId('slot-counts')).toHaveTextContent('2 booked · 1 checked in');
    await user.clear(within(drawer).getByLabelText(/Capacity/));
    await user.type(within(drawer).getByLabelText(/Capacity/), '25');
    await user.click(within(drawer).getByRole('button', { name: 'Save slot' }));
    expect(await screen.findByText('Slot updated')).toBeInTheDocument();
    expect(callsTo(api, `/booking-slot/${id(1)}`, 'PUT')[0]?.body).toMatchObject({
      date: TODAY,
      startTime: '10:00',
      endTime: '11:00',
      capacity: 25,
    });
  });

  it('books a member into the slot and checks an attendee in', async () => {
    stubDocumentFonts();
    const user = await openCalendar();
    await user.click(screen.getByText('Morning Yoga · 3/20'));
    const drawer = await screen.findByRole('dialog', { name: 'Class slot' });
    await within(drawer).findByText('Casey Client');
    await user.click(within(drawer).getByRole('button', { name: /Book a member/ }));
    await user.click(await screen.findByRole('option', { name: /Riley Visitor/ }));
    await user.click(within(drawer).getByRole('button', { name: 'Book' }));
    // A member added to a class is a class booking: not 'Appointment booked!'.
    expect(await screen.findByText('Booking created')).toBeInTheDocument();
    expect(screen.queryByText('Appointment booked!')).not.toBeInTheDocument();
    expect(callsTo(api, '/booking', 'POST')[0]?.body).toEqual({
      invitedUser: id(850),
      bookingSlot: id(1),
      type: 'class',
      status: 'booked',
    });

    await user.click(within(drawer).getByRole('button', { name: 'Actions for Casey Client' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Mark checked in' }));
    // The spec's text for a check-in, not 'Booking updated'.
    expect(await screen.findByText('Checked In')).toBeInTheDocument();
    expect(callsTo(api, `/booking/${id(302)}/attendance`, 'PUT')[0]?.body).toEqual({ status: 'completed' });
  });

  it('offers only what a checked-in booking allows, and Mark booked undoes the check-in', async () => {
    const user = await openCalendar();
    await user.click(screen.getByText('Morning Yoga · 3/20'));
    const drawer = await screen.findByRole('dialog', { name: 'Class slot' });
    await within(drawer).findByText('Morgan Member');
    await user.click(within(drawer).getByRole('button', { name: 'Actions for Morgan Member' }));
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(items).toEqual(['Mark booked', 'Delete']);
    await user.click(screen.getByRole('menuitem', { name: 'Mark booked' }));
    expect(await screen.findByText('Booking updated')).toBeInTheDocument();
    expect(callsTo(api, `/booking/${id(301)}/attendance`, 'PUT')[0]?.body).toEqual({ status: 'booked' });
  });

  it('edits the calendar settings in a modal and says Saved', async () => {
    const user = await openCalendar();
    await user.click(screen.getByRole('button', { name: 'Calendar settings' }));
    const modal = await screen.findByRole('dialog', { name: 'Calendar settings' });
    const capacity = within(modal).getByLabelText(/Default capacity/);
    await user.type(capacity, '12');
    const days = within(modal).getByLabelText(/Public booking days/);
    await user.clear(days);
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    // An empty number of days is refused with the field's message; nothing is sent.
    expect(within(modal).getByLabelText(/Public booking days/)).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(api, '/calender-setting', 'PUT')).toHaveLength(0);
    await user.type(days, '30');
    await user.click(within(modal).getByRole('combobox', { name: 'Week starts on' }));
    await user.click(await screen.findByRole('option', { name: 'Monday' }));
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(callsTo(api, '/calender-setting', 'PUT')[0]?.body).toEqual({
      weekStart: 1,
      slotDurationMinutes: 30,
      dayStartTime: '06:00',
      dayEndTime: '22:00',
      defaultView: 'listWeek',
      defaultCapacity: 12,
      publicBookingDays: 30,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Calendar settings' })).toBeNull());
  });

  it("opens an instructor's calendar on their classes; they take attendance there", async () => {
    const coach = id(500);
    const taught = (item: CalendarItem, instructorId: string, instructorName: string): CalendarItem => ({
      ...item,
      extendedProps: { ...item.extendedProps, instructorId, instructorName },
    });
    items = [
      taught(ITEMS[0]!, coach, 'Chris Coach'),
      taught(calendarItem('class', 4, 'Muay Thai'), id(501), 'Sam Trainer'),
      ...ITEMS.slice(1),
    ];
    slotAnswer = { ...SLOT, instructor: { _id: coach, fullName: 'Chris Coach' } };
    storeSession(signInEmployee(coach));
    const user = await openCalendar();
    expect(screen.getByRole('combobox', { name: 'Instructor' })).toHaveValue('My classes');
    expect(screen.queryByText(/Muay Thai/)).not.toBeInTheDocument();
    expect(screen.getByText('Staff meeting')).toBeInTheDocument();

    await user.click(screen.getByText('Morning Yoga · 3/20'));
    const drawer = await screen.findByRole('dialog', { name: 'Class slot' });
    await within(drawer).findByText('Casey Client');
    await user.click(within(drawer).getByRole('button', { name: 'Actions for Casey Client' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Mark checked in' }));
    expect(await screen.findByText('Checked In')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Instructor' }));
    await user.click(await screen.findByRole('option', { name: 'All instructors' }));
    expect(await screen.findByText(/Muay Thai/)).toBeInTheDocument();
  });

  it('is for staff: a member is refused', async () => {
    storeSession(makeLoginAnswer({ userType: 'client' }));
    renderApp('/calendar');
    expect(await screen.findByText('No access', {}, { timeout: 8000 })).toBeInTheDocument();
  });
});
