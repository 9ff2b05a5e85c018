import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubMediaQueries } from '../../test-media';
import { callsTo, jsonResponse, renderApp } from '../../test-utils';
import {
  type Answers,
  bookingOf,
  classOf,
  day,
  defaultAnswers,
  portalFetch,
  signInMember,
} from './portal.test-kit';

let answers: Answers;
let fetchMock: ReturnType<typeof portalFetch>;

beforeEach(() => {
  signInMember();
  answers = defaultAnswers();
  fetchMock = portalFetch(answers);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

describe('member portal: classes', { timeout: 20_000 }, () => {
  it('greets the member in the organisation’s name and lists the chosen day’s classes', async () => {
    answers.classes = [
      classOf(1, { date: day(0), title: 'Morning Flow', startTime: '07:00', endTime: '08:00', seatsLeft: 2 }),
      classOf(2, {
        date: day(1),
        title: 'Kettlebells',
        seatsLeft: 8,
        instructor: { _id: 'x', fullName: 'Chris Coach' },
      }),
    ];
    renderApp('/access-control');
    expect(await screen.findByRole('heading', { name: 'Hello, Morgan Member' })).toBeInTheDocument();
    expect(screen.getByTestId('organization-name')).toHaveTextContent('Iron Gym');
    const [first] = await screen.findAllByTestId('portal-class');
    expect(first).toHaveTextContent('Morning Flow');
    expect(first).toHaveTextContent('2 seats left');
    expect(screen.queryByText('Kettlebells')).toBeNull();
    const u = userEvent.setup();
    const days = screen.getAllByTestId('day');
    expect(days).toHaveLength(7);
    await u.click(days[1]!);
    expect(await screen.findByText('Kettlebells')).toBeInTheDocument();
    expect(screen.getByText('with Chris Coach')).toBeInTheDocument();
    expect(screen.queryByText('Morning Flow')).toBeNull();
  });

  it('books a class and says so in the spec’s words', async () => {
    answers.classes = [classOf(1, { date: day(0), title: 'Spin' })];
    answers.writes[`POST /portal/classes/${answers.classes[0]!._id}/book`] = () =>
      jsonResponse({ success: true, message: 'Booked Successfully', data: bookingOf(1) });
    renderApp('/access-control');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Book' }));
    expect(await screen.findByText('Booked Successfully')).toBeInTheDocument();
    expect(callsTo(fetchMock, `/portal/classes/${answers.classes[0]!._id}/book`, 'POST')).toHaveLength(1);
  });

  it('warns that a cancellation inside the cut-off is a late cancel, then cancels', async () => {
    const soon = classOf(1, {
      date: day(0),
      title: 'Boxing',
      startsAt: inHours(1),
      booking: { _id: bookingOf(1)._id, status: 'booked' },
    });
    answers.classes = [soon];
    answers.writes[`DELETE /portal/bookings/${bookingOf(1)._id}`] = () =>
      jsonResponse({
        success: true,
        message: 'Booking cancelled',
        data: bookingOf(1, { status: 'cancelled' }),
      });
    renderApp('/access-control');
    const u = userEvent.setup();
    expect(await screen.findByText("You're booked")).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    expect(within(dialog).getByText('This is a late cancel')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('up to 2 hours before');
    await u.click(within(dialog).getByRole('button', { name: 'Cancel anyway' }));
    expect(await screen.findByText('Booking cancelled')).toBeInTheDocument();
    expect(callsTo(fetchMock, `/portal/bookings/${bookingOf(1)._id}`, 'DELETE')).toHaveLength(1);
  });

  it('a cancellation well before the class is not late; "Keep it" sends nothing', async () => {
    answers.classes = [classOf(1, { date: day(0), booking: { _id: bookingOf(1)._id, status: 'booked' } })];
    renderApp('/access-control');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    expect(within(dialog).queryByText('This is a late cancel')).toBeNull();
    await u.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(fetchMock, `/portal/bookings/${bookingOf(1)._id}`, 'DELETE')).toHaveLength(0);
  });

  it('a full class offers the waitlist; a place shows its position and can be left', async () => {
    answers.classes = [
      classOf(3, { date: day(0), title: 'Over', startTime: '06:00', started: true }),
      classOf(1, { date: day(0), title: 'Full one', seatsLeft: 0, waitlistLength: 2 }),
      classOf(2, {
        date: day(0),
        title: 'Waiting one',
        startTime: '19:00',
        seatsLeft: 0,
        waitlist: { position: 2, length: 3 },
        waitlistLength: 3,
      }),
    ];
    const joined = `POST /portal/classes/${answers.classes[1]!._id}/waitlist`;
    answers.writes[joined] = () =>
      jsonResponse({
        success: true,
        message: 'You are on the waitlist',
        data: { slotId: 'x', position: 3, length: 3 },
      });
    answers.writes[`DELETE /portal/classes/${answers.classes[2]!._id}/waitlist`] = () =>
      jsonResponse({ success: true, message: 'You left the waitlist' });
    renderApp('/access-control');
    const u = userEvent.setup();
    const cards = await screen.findAllByTestId('portal-class');
    const [over, full, waiting] = cards;
    expect(over).toHaveTextContent('Over');
    expect(within(over!).getByRole('button', { name: 'Started' })).toBeDisabled();
    expect(full).toHaveTextContent('Full');
    expect(full).toHaveTextContent('2 waiting');
    await u.click(within(full!).getByRole('button', { name: 'Join waitlist' }));
    expect(await screen.findByText('You are on the waitlist')).toBeInTheDocument();
    expect(within(waiting!).getByTestId('waitlist-place')).toHaveTextContent('2nd of 3 on the waitlist');
    await u.click(within(waiting!).getByRole('button', { name: 'Leave waitlist' }));
    expect(await screen.findByText('You left the waitlist')).toBeInTheDocument();
  });

  it('on a phone the places are big buttons along the bottom, and the address keeps the place', async () => {
    stubMediaQueries((q) => q.includes('max-width'));
    answers.history = [
      bookingOf(5, { attendance: 'late_cancel', status: 'cancelled', lateCancel: true, title: 'Yoga' }),
    ];
    answers.upcoming = [bookingOf(6, { title: 'Pilates', source: 'waitlist' })];
    const { router } = renderApp('/access-control');
    const u = userEvent.setup();
    const nav = await screen.findByRole('navigation', { name: 'Member portal' });
    await u.click(within(nav).getByRole('tab', { name: 'My bookings' }));
    expect(router.state.location.search).toBe('?tab=bookings');
    expect(await screen.findByText('Pilates')).toBeInTheDocument();
    expect(screen.getByText('From the waitlist')).toBeInTheDocument();
    await u.click(screen.getByRole('radio', { name: 'History' }));
    const row = await screen.findByTestId('portal-booking');
    expect(row).toHaveTextContent('Yoga');
    expect(row).toHaveTextContent('Late cancel');
    expect(within(nav).getByRole('tab', { name: 'My bookings' })).toHaveAttribute('aria-selected', 'true');
  });

  it("NEXT CLASS shows today's later class, also once the member has checked in to it", async () => {
    answers.upcoming = [
      bookingOf(7, {
        title: 'Evening BJJ',
        date: day(0),
        startTime: '18:00',
        startsAt: inHours(1),
        endsAt: inHours(2),
        status: 'completed',
        attendance: 'checked_in',
      }),
    ];
    renderApp('/access-control');
    expect(await screen.findByText(/Evening BJJ · Today/)).toBeInTheDocument();
    expect(screen.queryByText('Nothing booked yet')).toBeNull();
  });
});
