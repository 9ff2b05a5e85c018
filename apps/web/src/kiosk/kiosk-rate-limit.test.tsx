import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiError,
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

// The server limits how many codes and names a kiosk may look up a minute (429 RATE_LIMITED).

const TOO_MANY = 'Too many attempts. Please wait a moment and try again.';
const limited = () => apiError(429, 'RATE_LIMITED', 'Too many attempts. Try again in 1 minute.');

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a kiosk over its lookup limit', () => {
  it('says so for a typed code and keeps the code for another try', async () => {
    await startWithClassInProgress({ lookupFailure: limited() });
    const u = user();
    await pressKeys(u, '123');
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(toast('error')).toHaveTextContent(TOO_MANY));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Check-in code')).toHaveValue('123');
  });

  it('says so for a tag scanned on the screensaver', async () => {
    const yoga = makeSlot({
      startTime: '14:30',
      endTime: '15:30',
      bookingType: { _id: 'y', title: 'Yoga Flow', program: null },
    });
    mockKioskServer({
      slots: [yoga],
      contactsByCode: { '0000000123': makeContact() },
      lookupFailure: limited(),
    });
    pairDevice('FRONT-DESK-1');
    renderKiosk();
    await screen.findByRole('button', { name: /Yoga Flow/ });
    for (const key of '123\n') fireEvent.keyDown(document.body, { key: key === '\n' ? 'Enter' : key });
    await waitFor(() => expect(toast('error')).toHaveTextContent(TOO_MANY));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says so under a name search instead of the results', async () => {
    await startWithClassInProgress({ searchFailure: limited() });
    const u = user();
    await u.click(screen.getByRole('tab', { name: 'Search By Name' }));
    await u.type(screen.getByLabelText('Search by name'), 'sa');
    expect(await screen.findByText(TOO_MANY)).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  });
});
