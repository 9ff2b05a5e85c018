import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiError,
  checkInAnswer,
  json,
  makeContact,
  NOW,
  pressKeys,
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

describe('keypad check-in', () => {
  it('pads the code, asks "Is this you?", checks in, confirms and counts', async () => {
    const { callsTo, yoga, jane, card } = await startWithClassInProgress();
    const u = user();
    expect(within(card).getByTestId('attended-count')).toHaveTextContent('4');
    expect(screen.getByPlaceholderText('Enter check-in code...')).toBeInTheDocument();

    await pressKeys(u, '1234');
    await u.click(screen.getByRole('button', { name: 'Backspace' }));
    expect(screen.getByLabelText('Check-in code')).toHaveValue('123');
    await u.click(screen.getByRole('button', { name: 'Submit' }));

    const dialog = await screen.findByRole('dialog', { name: 'Is this you?' });
    expect(within(dialog).getByTestId('confirm-name')).toHaveTextContent('Jane Doe');
    expect(callsTo('/api/kiosk/contact-by-code/')[0]?.[0]).toBe('/api/kiosk/contact-by-code/0000000123');
    const [, lookupInit] = callsTo('/api/kiosk/contact-by-code/')[0]!;
    expect(lookupInit?.headers).toMatchObject({ Authorization: 'Bearer device-token-123' });
    expect(screen.getByTestId('contact-panel')).toHaveTextContent('jane@example.com');
    expect(screen.getByTestId('contact-panel')).toHaveTextContent('+1 (555) 123-4567');

    await u.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByTestId('confirmation')).toHaveTextContent('CHECKED IN: Jane');
    const [, init] = callsTo('/api/kiosk/check-in')[0]!;
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ slotId: yoga._id, contactId: jane._id });
    await waitFor(() => expect(toast('success')).toHaveTextContent('Checked In'));
    expect(within(card).getByTestId('attended-count')).toHaveTextContent('5');
    expect(screen.getByLabelText('Check-in code')).toHaveValue('');

    // The confirmation shows for 2.5 s, then the kiosk forgets the member.
    act(() => vi.advanceTimersByTime(2_400));
    expect(screen.getByTestId('confirmation')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(100));
    expect(screen.queryByTestId('confirmation')).not.toBeInTheDocument();
    expect(screen.getByTestId('contact-panel')).toHaveTextContent('No Contact Selected');
  });

  it('confirms an already checked-in member without counting twice', async () => {
    const { card } = await startWithClassInProgress({
      checkIn: (body) => json(checkInAnswer(body.contactId, body.slotId, false, 4)),
    });
    const u = user();
    await pressKeys(u, '123');
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    await u.click(await screen.findByRole('button', { name: 'Yes' }));
    expect(await screen.findByTestId('confirmation')).toHaveTextContent('CHECKED IN: Jane');
    expect(within(card).getByTestId('attended-count')).toHaveTextContent('4');
  });

  it('"No" forgets the member and clears the code', async () => {
    const { callsTo } = await startWithClassInProgress();
    const u = user();
    await pressKeys(u, '123');
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    await u.click(await screen.findByRole('button', { name: 'No' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Check-in code')).toHaveValue('');
    expect(screen.getByTestId('contact-panel')).toHaveTextContent('No Contact Selected');
    expect(callsTo('/api/kiosk/check-in')).toHaveLength(0);
  });

  it('says "Unable to complete check-in" when the booking fails', async () => {
    const { card } = await startWithClassInProgress({
      checkIn: () => apiError(500, 'INTERNAL', 'boom'),
    });
    const u = user();
    await pressKeys(u, '123');
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    await u.click(await screen.findByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(toast('error')).toHaveTextContent('Unable to complete check-in'));
    expect(screen.queryByTestId('confirmation')).not.toBeInTheDocument();
    expect(within(card).getByTestId('attended-count')).toHaveTextContent('4');
  });

  it('CE clears the code', async () => {
    await startWithClassInProgress();
    const u = user();
    await pressKeys(u, '987');
    await u.click(screen.getByRole('button', { name: 'CE' }));
    expect(screen.getByLabelText('Check-in code')).toHaveValue('');
  });
});

describe('Invalid Code', () => {
  it('for an empty code, without a lookup', async () => {
    const { callsTo } = await startWithClassInProgress();
    await user().click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(toast('error')).toHaveTextContent('Invalid Code'));
    expect(callsTo('/api/kiosk/contact-by-code/')).toHaveLength(0);
  });

  it('for a code nobody has, clearing the input', async () => {
    await startWithClassInProgress();
    const u = user();
    await pressKeys(u, '555');
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(toast('error')).toHaveTextContent('Invalid Code'));
    expect(screen.getByLabelText('Check-in code')).toHaveValue('');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('for a contact without _id', async () => {
    await startWithClassInProgress({
      contactsByCode: { '0000000777': { ...makeContact(), _id: '' } },
    });
    const u = user();
    await pressKeys(u, '777');
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(toast('error')).toHaveTextContent('Invalid Code'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('"Something went wrong" when the lookup itself fails', async () => {
    await startWithClassInProgress({ lookupFailure: apiError(500, 'INTERNAL', 'db down') });
    const u = user();
    await pressKeys(u, '123');
    await u.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(toast('error')).toHaveTextContent('Something went wrong'));
    expect(screen.getByLabelText('Check-in code')).toHaveValue('123');
  });
});
