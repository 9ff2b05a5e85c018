import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiError,
  checkInAnswer,
  json,
  makeContact,
  makeSlot,
  mockKioskServer,
  NOW,
  pairDevice,
  pressKeys,
  renderKiosk,
  startWithClassInProgress,
  toast,
  user,
} from './kiosk-test-utils';

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('class selection', () => {
  it('"Please select a class" when no class is chosen, then a tap chooses one', async () => {
    const later = makeSlot({
      startTime: '18:00',
      endTime: '19:00',
      bookingType: { _id: 'x', title: 'Spin', program: { name: 'Cardio' } },
    });
    const { callsTo } = mockKioskServer({ slots: [later], contactsByCode: { '0000000123': makeContact() } });
    pairDevice(null);
    renderKiosk();
    const card = await screen.findByRole('button', { name: /Spin/ });
    expect(card).toHaveAttribute('aria-pressed', 'false');
    expect(card).toHaveTextContent('06:00 PM');
    expect(card).toHaveTextContent('07:00 PM');
    expect(card).toHaveTextContent('Cardio');
    const u = user();
    await pressKeys(u, '123');
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(toast('error')).toHaveTextContent('Please select a class'));
    expect(callsTo('/api/kiosk/contact-by-code/')).toHaveLength(0);
    expect(screen.getByLabelText('Check-in code')).toHaveValue('123');

    await u.click(card);
    expect(card).toHaveAttribute('aria-pressed', 'true');
    expect(card.style.background).toBe('rgb(34, 197, 94)');
  });

  it("asks for yesterday to tomorrow and shows only today's classes", async () => {
    const { callsTo } = mockKioskServer({
      slots: [
        makeSlot({
          date: '2025-06-09',
          startTime: '10:00',
          endTime: '11:00',
          bookingType: { _id: 'a', title: 'Yesterday Class', program: null },
        }),
        makeSlot({
          startTime: '10:00',
          endTime: '11:00',
          attendedSlots: -2,
          bookingType: { _id: 'b', title: 'Today Class', program: null },
        }),
        makeSlot({
          date: '2025-06-11',
          startTime: '10:00',
          endTime: '11:00',
          bookingType: { _id: 'c', title: 'Tomorrow Class', program: null },
        }),
      ],
    });
    pairDevice(null);
    renderKiosk();
    const today = await screen.findByRole('button', { name: /Today Class/ });
    expect(within(today).getByTestId('attended-count')).toHaveTextContent('0');
    expect(screen.queryByText('Yesterday Class')).not.toBeInTheDocument();
    expect(screen.queryByText('Tomorrow Class')).not.toBeInTheDocument();
    const url = new URL(String(callsTo('/api/kiosk/slots')[0]?.[0]), 'http://kiosk.test');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      startDate: '2025-06-09',
      endDate: '2025-06-11',
      type: 'class',
    });
  });

  it('shows "No classes available right now" for an empty day', async () => {
    mockKioskServer({ slots: [] });
    pairDevice(null);
    renderKiosk();
    expect(await screen.findByText('No classes available right now')).toBeInTheDocument();
  });
});

describe('search by name', () => {
  it('needs a contact, then asks "Is this You?" and checks in', async () => {
    const sam = makeContact({ fullName: 'Sam Lee', name: 'Sam Lee', firstName: 'Sam', lastName: 'Lee' });
    const { callsTo } = await startWithClassInProgress({ search: [sam] });
    const u = user();
    await u.click(screen.getByRole('tab', { name: 'Search By Name' }));
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(toast('error')).toHaveTextContent('Please select a contact'));

    await u.type(screen.getByLabelText('Search by name'), 'sa');
    const result = await screen.findByRole('button', { name: /Sam Lee/ });
    expect(callsTo('/api/kiosk/contacts/search')).toHaveLength(1);
    await u.click(result);
    expect(screen.getByTestId('contact-panel')).toHaveTextContent('Sam Lee');
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Is this You?' });
    await u.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByTestId('confirmation')).toHaveTextContent('CHECKED IN: Sam');
  });
});

describe('tag scanned on the screensaver', () => {
  function scan(code: string) {
    for (const key of `${code}\n`) fireEvent.keyDown(document.body, { key: key === '\n' ? 'Enter' : key });
  }

  it('starts asleep and opens the fullscreen class dialog for the member', async () => {
    const yoga = makeSlot({
      startTime: '14:30',
      endTime: '15:30',
      bookingType: { _id: 'y', title: 'Yoga Flow', program: null },
    });
    let fail = true;
    const { callsTo } = mockKioskServer({
      slots: [yoga],
      contactsByCode: { '0000000123': makeContact() },
      checkIn: (body) =>
        fail ? apiError(500, 'INTERNAL', 'boom') : json(checkInAnswer(body.contactId, body.slotId)),
    });
    pairDevice('FRONT-DESK-1');
    renderKiosk();
    expect(screen.getByTestId('screensaver')).toHaveTextContent('SCAN YOUR TAG TO CHECK-IN');
    expect(screen.getByTestId('screensaver')).toHaveTextContent('Powered by OpSuite');
    await screen.findByRole('button', { name: /Yoga Flow/ });

    scan('123');
    await waitFor(() => expect(screen.queryByTestId('screensaver')).not.toBeInTheDocument());
    const dialog = await screen.findByRole('dialog', { name: 'Select Class to Check-In' });
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: 'Confirm Check-In' });
    expect(confirm).toBeEnabled();

    // A failed dialog check-in only enables the button again, with no message.
    await user().click(confirm);
    await waitFor(() => expect(callsTo('/api/kiosk/check-in')).toHaveLength(1));
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Confirm Check-In' })).toBeEnabled(),
    );
    expect(toast('error')).toBeNull();

    fail = false;
    await user().click(within(dialog).getByRole('button', { name: 'Confirm Check-In' }));
    expect(await screen.findByTestId('confirmation')).toHaveTextContent('CHECKED IN: Jane');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('disables Confirm Check-In when there are no classes', async () => {
    mockKioskServer({ slots: [], contactsByCode: { '0000000123': makeContact() } });
    pairDevice(null);
    renderKiosk();
    await screen.findByText('No classes available right now');
    scan('123');
    const dialog = await screen.findByRole('dialog', { name: 'Select Class to Check-In' });
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Confirm Check-In' })).toBeDisabled();
  });
});

describe('names', () => {
  it('are shown as text, never as markup', async () => {
    const evil = makeContact({ fullName: '<img src=x onerror="window.hacked=1">', firstName: '<b>Bob</b>' });
    await startWithClassInProgress({ contactsByCode: { '0000000123': evil } });
    const u = user();
    await pressKeys(u, '123');
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Is this you?' });
    expect(within(dialog).getByTestId('confirm-name')).toHaveTextContent(
      '<img src=x onerror="window.hacked=1">',
    );
    expect(document.querySelector('img[src="x"]')).toBeNull();
    await u.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByTestId('confirmation')).toHaveTextContent('CHECKED IN: <b>Bob</b>');
    expect(document.querySelector('b')).toBeNull();
  });
});

describe('card barcode', () => {
  it('takes what the reader types, submitted by Enter', async () => {
    const { callsTo } = await startWithClassInProgress();
    const u = user();
    await u.click(screen.getByRole('tab', { name: 'Card Barcode' }));
    const input = screen.getByLabelText('Card barcode');
    await waitFor(() => expect(input).toHaveFocus());
    await u.keyboard('123{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Is this you?' })).toBeInTheDocument();
    expect(callsTo('/api/kiosk/contact-by-code/')[0]?.[0]).toBe('/api/kiosk/contact-by-code/0000000123');
    expect(screen.getByRole('button', { name: 'Check In' })).toBeInTheDocument();
  });
});

describe('screensaver on the kiosk', () => {
  it('returns after 20 s without activity and forgets a half-finished check-in', async () => {
    await startWithClassInProgress();
    const u = user();
    await pressKeys(u, '123');
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByRole('dialog', { name: 'Is this you?' });
    expect(screen.queryByTestId('screensaver')).not.toBeInTheDocument();

    act(() => vi.advanceTimersByTime(19_000));
    expect(screen.queryByTestId('screensaver')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByTestId('screensaver')).toHaveTextContent('SCAN YOUR TAG TO CHECK-IN');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByTestId('contact-panel')).toHaveTextContent('No Contact Selected');
    expect(screen.getByLabelText('Check-in code')).toHaveValue('');

    act(() => void fireEvent.mouseMove(window));
    act(() => vi.advanceTimersByTime(500));
    expect(screen.queryByTestId('screensaver')).not.toBeInTheDocument();
  });
});
