import { CHECK_IN_TEXT } from '@opsuite/shared/rules/booking-check-in';
import { screen, waitFor, within } from '@testing-library/react';
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

// What the kiosk says when the organisation's check-in rules speak (issue 17), and the contact
// panel after Search By Name (avatar, full name, email and phone).

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function checkInByCode() {
  const u = user();
  await pressKeys(u, '123');
  await u.click(screen.getByRole('button', { name: 'Submit' }));
  await u.click(await screen.findByRole('button', { name: 'Yes' }));
}

describe('check-in rules at the kiosk', () => {
  it("shows the server's refusal and does not confirm or count", async () => {
    const { card } = await startWithClassInProgress({
      checkIn: () => apiError(409, 'CONFLICT', CHECK_IN_TEXT.frozen),
    });
    await checkInByCode();
    await waitFor(() => expect(toast('error')).toHaveTextContent(CHECK_IN_TEXT.frozen));
    expect(screen.queryByTestId('confirmation')).not.toBeInTheDocument();
    expect(within(card).getByTestId('attended-count')).toHaveTextContent('4');
  });

  it("shows a refusal with the reason and the member's membership status", async () => {
    const frozen = makeContact({ membershipStatus: 'frozen' });
    await startWithClassInProgress({
      contactsByCode: { '0000000123': frozen },
      checkIn: () => apiError(409, 'CONFLICT', CHECK_IN_TEXT.frozen),
    });
    await checkInByCode();
    const refusal = await screen.findByTestId('refusal');
    expect(refusal).toHaveTextContent('NOT CHECKED IN');
    expect(refusal).toHaveTextContent(CHECK_IN_TEXT.frozen);
    expect(within(refusal).getByTestId('membership-status')).toHaveTextContent('Membership: Frozen');
  });

  it("confirms with the member's membership status and the rule's warning", async () => {
    await startWithClassInProgress({
      checkIn: (body) =>
        json({
          ...checkInAnswer(body.contactId, body.slotId),
          warning: CHECK_IN_TEXT.pastDue,
          membership: { status: 'past_due', outcome: 'warned' },
        }),
    });
    await checkInByCode();
    const shown = await screen.findByTestId('confirmation');
    expect(shown).toHaveAttribute('data-outcome', 'warned');
    expect(within(shown).getByTestId('membership-status')).toHaveTextContent('Membership: Past due');
    expect(shown).toHaveTextContent(CHECK_IN_TEXT.pastDue);
  });

  it('checks in with a warning when the organisation only warns', async () => {
    await startWithClassInProgress({
      checkIn: (body) =>
        json({ ...checkInAnswer(body.contactId, body.slotId), warning: CHECK_IN_TEXT.pastDue }),
    });
    await checkInByCode();
    expect(await screen.findByTestId('confirmation')).toHaveTextContent('CHECKED IN: Jane');
    await waitFor(() => expect(toast('warning')).toHaveTextContent(`Checked In. ${CHECK_IN_TEXT.pastDue}`));
  });

  it('says "Already checked in" for a repeat', async () => {
    await startWithClassInProgress({
      checkIn: (body) =>
        json({ ...checkInAnswer(body.contactId, body.slotId, false, 4), message: 'Already checked in' }),
    });
    await checkInByCode();
    await waitFor(() => expect(toast('success')).toHaveTextContent('Already checked in'));
  });
});

describe('the contact panel after Search By Name', () => {
  it("shows the picked member's e-mail and phone", async () => {
    const sam = makeContact({ fullName: 'Sam Lee', name: 'Sam Lee', email: null, phone: null });
    const { callsTo } = await startWithClassInProgress({
      search: [sam],
      reach: { [sam._id]: { email: 'sam@example.com', phone: '15551230000' } },
    });
    const u = user();
    await u.click(screen.getByRole('tab', { name: 'Search By Name' }));
    await u.type(screen.getByLabelText('Search by name'), 'sa');
    await u.click(await screen.findByRole('button', { name: /Sam Lee/ }));
    const panel = screen.getByTestId('contact-panel');
    await waitFor(() => expect(panel).toHaveTextContent('sam@example.com'));
    expect(panel).toHaveTextContent('Sam Lee');
    expect(callsTo(`/api/kiosk/contacts/${sam._id}`)).toHaveLength(1);
  });
});
