import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../../app/auth-store';
import { formatDateInZone, formatInstant } from '../../../app/zone-time';
import { jsonResponse, makeLoginAnswer, renderWithProviders } from '../../../test-utils';
import { cellContent } from '../contact-cells';
import { PAYMENT_STATUS_OPTIONS } from '../contact-filters';
import { countNoun, rankPositionText } from '../contact-text';
import { contactAnswer, contactsApi, id, signInWithContacts } from '../contacts.test-kit';
import { NO_PLAN, PAYMENT_STATUS, PaymentBadge, planText } from '../payment-status';
import { activityKindLabel } from './activity-kinds';
import { ActivityTab } from './activity-tab';
import { ContactOverview } from './contact-overview';
import { NotesTab } from './notes-tab';

// One wording per fact: payment status, empty plan, activity kinds, counts and times in the
// organisation's zone, whichever contact view shows them.

describe('payment status and plan', () => {
  it('uses the filter words for every status', () => {
    expect(PAYMENT_STATUS_OPTIONS).toEqual([
      { value: 'none', label: 'None' },
      { value: 'past_due', label: 'Past due' },
      { value: 'frozen', label: 'Frozen' },
    ]);
    expect(Object.values(PAYMENT_STATUS).map((s) => s.label)).toEqual(['None', 'Past due', 'Frozen']);
  });

  it('says "No plan" for a missing or blank plan and the plan otherwise', () => {
    expect(planText(null)).toBe(NO_PLAN);
    expect(planText(undefined)).toBe('No plan');
    expect(planText('  ')).toBe('No plan');
    expect(planText('Gold Monthly')).toBe('Gold Monthly');
  });

  it('reads the same on the overview, the list cell and the badge billing shows', () => {
    storeSession(signInWithContacts());
    vi.stubGlobal('fetch', contactsApi([]));
    const contact = contactAnswer(1, { plan: null, paymentStatus: 'none' });
    const { unmount } = renderWithProviders(
      <ContactOverview contact={contact} customFields={[]} canEditFamily={false} />,
    );
    const overview = (label: string) => screen.getByText(label, { selector: 'p' }).parentElement!;
    expect(within(overview('Plan')).getByText('No plan')).toBeInTheDocument();
    expect(within(overview('Payment status')).getByText('None')).toBeInTheDocument();
    unmount();

    renderWithProviders(<PaymentBadge status="none" size="md" />);
    expect(screen.getByText('None')).toHaveAttribute('data-payment-status', 'none');
    expect(screen.queryByText(/good standing/i)).toBeNull();

    const column = { label: 'Plan', width: 120, fieldType: 'text', customId: null, visible: true };
    expect(cellContent(contact, { ...column, key: 'plan' })).toBe('No plan');
    vi.unstubAllGlobals();
  });

  it('shows a frozen contact as Frozen', () => {
    renderWithProviders(<PaymentBadge status="frozen" size="md" />);
    expect(screen.getByText('Frozen').closest('[data-payment-status]')).toHaveAttribute(
      'data-payment-status',
      'frozen',
    );
  });
});

describe('wording helpers', () => {
  it('counts members in the singular and the plural', () => {
    expect(countNoun(0, 'member')).toBe('0 members');
    expect(countNoun(1, 'member')).toBe('1 member');
    expect(countNoun(2, 'member')).toBe('2 members');
    expect(countNoun(1, 'class', 'classes')).toBe('1 class');
    expect(countNoun(1200, 'member')).toBe('1,200 members');
    expect(rankPositionText(1, 3, 1, 'BJJ Belts')).toBe('Rank 1 of 3 · 1 member ranked in BJJ Belts');
    expect(rankPositionText(2, 3, 5, 'BJJ Belts')).toBe('Rank 2 of 3 · 5 members ranked in BJJ Belts');
  });

  it('names the activity kinds the server writes, and tidies unknown ones', () => {
    expect(activityKindLabel('booking')).toBe('Booking');
    expect(activityKindLabel('check-in')).toBe('Check-in');
    expect(activityKindLabel('file.added')).toBe('File added');
    expect(activityKindLabel('note.added')).toBe('Note');
    expect(activityKindLabel('contact.merged')).toBe('Merge');
    expect(activityKindLabel('payment.card_added')).toBe('Card added');
    expect(activityKindLabel('invoice.refund')).toBe('Invoice refunded');
    expect(activityKindLabel('shop.order-paid')).toBe('Shop order paid');
    expect(activityKindLabel('waitlist_JOINED')).toBe('Waitlist joined');
    expect(activityKindLabel('')).toBe('Activity');
  });

  it("formats instants in the given zone, not the browser's", () => {
    const at = '2026-01-01T04:30:00.000Z';
    expect(formatInstant(at, 'America/New_York')).toBe('Dec 31, 2025 11:30 PM');
    expect(formatInstant(at, 'UTC')).toBe('Jan 1, 2026 04:30 AM');
    expect(formatInstant('2026-07-01T16:05:00Z', 'America/New_York')).toBe('Jul 1, 2026 12:05 PM');
    expect(formatDateInZone(at, 'America/New_York')).toBe('Dec 31, 2025');
    expect(formatInstant(at, 'Not/AZone')).toBe('Jan 1, 2026 04:30 AM');
    expect(formatInstant(null, 'UTC')).toBe('—');
    expect(formatInstant('not a date', 'UTC')).toBe('—');
  });
});

describe('activity and notes in the organisation zone', { timeout: 20_000 }, () => {
  const CONTACT_ID = id(1);
  const at = '2026-01-01T04:30:00.000Z';

  beforeEach(() => {
    const login = signInWithContacts();
    storeSession(makeLoginAnswer(login.userData, { timeZone: 'America/New_York' }));
    const page = <T,>(list: T[]) =>
      jsonResponse({ list, pagination: { page: 1, limit: 10, hasMore: false } });
    vi.stubGlobal(
      'fetch',
      contactsApi([], (url) => {
        if (url.pathname === `/api/contact-activity/${CONTACT_ID}`) {
          return page([
            { _id: id(71), contactId: CONTACT_ID, kind: 'check-in', title: 'Checked in: BJJ', createdAt: at },
            {
              _id: id(72),
              contactId: CONTACT_ID,
              kind: 'shop.order-paid',
              title: 'Order paid',
              createdAt: at,
            },
            { _id: id(73), contactId: CONTACT_ID, kind: 'file.added', title: 'File added', createdAt: at },
          ]);
        }
        if (url.pathname === `/api/followup_note/get/${CONTACT_ID}`) {
          return page([{ _id: id(81), contactId: CONTACT_ID, note: 'Called', createdAt: at, updatedAt: at }]);
        }
        return undefined;
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('shows each activity at its New York time with a readable kind', async () => {
    renderWithProviders(<ActivityTab contactId={CONTACT_ID} />);
    expect(await screen.findByText('Dec 31, 2025 11:30 PM · Check-in')).toBeInTheDocument();
    expect(screen.getByText('Dec 31, 2025 11:30 PM · Shop order paid')).toBeInTheDocument();
    expect(screen.queryByText(/· check-in/)).toBeNull();
    // A title that already says the kind is not repeated after the time.
    const fileAdded = screen.getByText('File added', { selector: '.mantine-Timeline-itemTitle' });
    expect(fileAdded.closest('.mantine-Timeline-item')).toHaveTextContent(
      /^File addedDec 31, 2025 11:30 PM$/,
    );
  });

  it('dates the list cells by the New York calendar, birthdays as they are', () => {
    const contact = contactAnswer(5, { createdAt: at, lastAttendedAt: at, birthday: '1990-01-01' });
    const column = { label: '', width: 120, fieldType: 'text', customId: null, visible: true };
    renderWithProviders(
      <div>
        <span data-testid="created">{cellContent(contact, { ...column, key: 'createdAt' })}</span>
        <span data-testid="attended">{cellContent(contact, { ...column, key: 'lastAttendedAt' })}</span>
        <span data-testid="birthday">{cellContent(contact, { ...column, key: 'birthday' })}</span>
      </div>,
    );
    // 04:30 UTC on Jan 1 is still Dec 31 in New York.
    expect(screen.getByTestId('created')).toHaveTextContent('Dec 31, 2025');
    expect(screen.getByTestId('attended')).toHaveTextContent('Dec 31, 2025');
    expect(screen.getByTestId('birthday')).toHaveTextContent('Jan 1, 1990');
  });

  it('shows each note at its New York time', async () => {
    renderWithProviders(<NotesTab contactId={CONTACT_ID} canWrite={false} />);
    expect(await screen.findByText('Called')).toBeInTheDocument();
    expect(screen.getByText('Dec 31, 2025 11:30 PM')).toBeInTheDocument();
  });
});
