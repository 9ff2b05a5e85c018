import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, errorResponse, headersTo, jsonResponse, renderApp } from '../../../test-utils';
import { fakeApi, id, publicPage } from '../booking.test-kit';

let api: ReturnType<typeof fakeApi>;
let bookAnswer: () => Response;

beforeEach(() => {
  bookAnswer = () =>
    jsonResponse({
      success: true,
      message: 'Booked Successfully',
      booking: {
        _id: id(50),
        slotId: id(2),
        startDate: '2030-03-05T18:30:00Z',
        endDate: '2030-03-05T19:30:00Z',
      },
    });
  api = fakeApi((url, init) => {
    if (url.pathname === '/api/public/booking-group/abc123xyz/book' && init.method === 'POST')
      return bookAnswer();
    if (url.pathname === '/api/public/booking-group/abc123xyz') return jsonResponse(publicPage());
    return undefined;
  });
  vi.stubGlobal('fetch', api);
});
afterEach(() => vi.unstubAllGlobals());

async function openPage(slug = 'abc123xyz') {
  const user = userEvent.setup();
  renderApp(`/book/${slug}`);
  return user;
}

const form = () => screen.getByRole('form', { name: 'Your details' });

describe('public booking page', { timeout: 20_000 }, () => {
  it('opens signed out and shows the organisation and the group slots by day', async () => {
    await openPage();
    expect(
      await screen.findByRole('heading', { name: 'Yoga classes' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('public-organization')).toHaveTextContent('Iron Gym');
    // A day first: the days with classes, the first one open, one day's classes at a time.
    const days = screen.getByRole('group', { name: 'Choose a day' });
    expect(within(days).getAllByTestId('public-day')).toHaveLength(2);
    expect(within(days).getByRole('button', { name: 'Monday, March 4, 1 class' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByTestId('public-day-title')).toHaveTextContent('Monday, March 4');
    expect(screen.getByText('07:00 AM – 08:00 AM')).toBeInTheDocument();
    expect(screen.queryByText('06:30 PM – 07:30 PM')).not.toBeInTheDocument();
    expect(screen.getByTestId('public-slot-description')).toHaveTextContent(
      'A gentle flow to start the day.',
    );
    expect(screen.getAllByText('5 seats left')).toHaveLength(1);
    await userEvent.setup().click(within(days).getByRole('button', { name: /Tuesday, March 5/ }));
    expect(screen.getByText('06:30 PM – 07:30 PM')).toBeInTheDocument();
    expect(screen.queryByText('07:00 AM – 08:00 AM')).not.toBeInTheDocument();
    // No session: the call carries no token and no tenant headers.
    const headers = headersTo(api, '/public/booking-group/abc123xyz')[0];
    expect(headers?.Authorization).toBeUndefined();
    expect(headers?.organization).toBeUndefined();
  });

  it('asks for a time, a name and a valid email before sending', async () => {
    const user = await openPage();
    await screen.findByRole('heading', { name: 'Yoga classes' }, { timeout: 5000 });
    await user.click(within(form()).getByRole('button', { name: 'Book' }));
    expect(await screen.findByText('Please choose a time')).toBeInTheDocument();
    expect(screen.getByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();

    await user.type(within(form()).getByLabelText(/Email/), 'not-an-email');
    await user.type(within(form()).getByLabelText('Phone'), '12');
    await user.click(within(form()).getByRole('button', { name: 'Book' }));
    expect(await screen.findByText('Please enter a valid phone number')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(callsTo(api, '/public/booking-group/abc123xyz/book', 'POST')).toHaveLength(0);
  });

  it('books the chosen slot and says Booked Successfully', async () => {
    const user = await openPage();
    await screen.findByRole('heading', { name: 'Yoga classes' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: /Tuesday, March 5/ }));
    await user.click(screen.getAllByTestId('public-slot')[0] as HTMLElement);
    expect(screen.getAllByTestId('public-slot')[0]).toHaveAttribute('aria-checked', 'true');
    await user.type(within(form()).getByLabelText(/Name/), '  Riley Visitor ');
    await user.type(within(form()).getByLabelText(/Email/), 'Riley@Example.com');
    await user.type(within(form()).getByLabelText('Phone'), '+1 555 123 4567');
    await user.click(within(form()).getByRole('button', { name: 'Book' }));
    expect(await screen.findByRole('heading', { name: 'Booked Successfully' })).toBeInTheDocument();
    expect(callsTo(api, '/public/booking-group/abc123xyz/book', 'POST')[0]?.body).toEqual({
      slotId: id(2),
      name: 'Riley Visitor',
      email: 'riley@example.com',
      phone: '+1 555 123 4567',
    });
  });

  it('shows the server refusal, for example a full class', async () => {
    bookAnswer = () => errorResponse(409, 'CONFLICT', 'This class is full');
    const user = await openPage();
    await screen.findByRole('heading', { name: 'Yoga classes' }, { timeout: 5000 });
    await user.click(screen.getAllByTestId('public-slot')[0] as HTMLElement);
    await user.type(within(form()).getByLabelText(/Name/), 'Riley');
    await user.type(within(form()).getByLabelText(/Email/), 'riley@example.com');
    await user.click(within(form()).getByRole('button', { name: 'Book' }));
    expect(await screen.findByText('This class is full')).toBeInTheDocument();
    await waitFor(() => expect(callsTo(api, '/public/booking-group/abc123xyz').length).toBeGreaterThan(1));
  });

  it('says when a link does not exist', async () => {
    await openPage('nope000000');
    expect(
      await screen.findByRole('heading', { name: 'This booking link is not available' }, { timeout: 5000 }),
    ).toBeInTheDocument();
  });
});
