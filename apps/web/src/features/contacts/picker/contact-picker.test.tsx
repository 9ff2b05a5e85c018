import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../../app/auth-store';
import { jsonResponse, makeLoginAnswer, renderWithProviders } from '../../../test-utils';
import type { PickerContact } from '../contacts.types';
import { ContactPicker } from './contact-picker';

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();

function contact(n: number, overrides: Partial<PickerContact> = {}): PickerContact {
  return {
    _id: `0190a000-0000-7000-8000-0000000001${String(n).padStart(2, '0')}`,
    fullName: `Person ${n}`,
    photo: null,
    email: `p${n}@example.com`,
    phone: null,
    status: 'active',
    isFormer: false,
    contactType: null,
    currentRank: null,
    stopSms: false,
    ...overrides,
  };
}

const PEOPLE = [
  contact(1, { fullName: 'Ada Lovelace', currentRank: null, phone: '15551234567', email: null }),
  contact(2, { fullName: 'Opted Out', stopSms: true }),
  contact(3, { fullName: '<img src=x onerror=alert(1)>' }),
];

function answer(list: PickerContact[], hasMore = false) {
  return jsonResponse({ list, pagination: { page: 0, pageSize: 10, hasMore } });
}

function SingleHarness(props: {
  excludeSmsOptOut?: boolean;
  requireWageType?: boolean;
  onChange?: () => void;
}) {
  const [value, setValue] = useState<PickerContact | null>(null);
  return (
    <ContactPicker
      label="Contact"
      value={value}
      onChange={(next) => {
        props.onChange?.();
        setValue(next);
      }}
      excludeSmsOptOut={props.excludeSmsOptOut}
      requireWageType={props.requireWageType}
    />
  );
}

function MultiHarness({
  initial = [],
  excludeSmsOptOut,
}: {
  initial?: PickerContact[];
  excludeSmsOptOut?: boolean;
}) {
  const [value, setValue] = useState<PickerContact[]>(initial);
  return (
    <ContactPicker
      multiple
      label="Guests"
      value={value}
      onChange={setValue}
      excludeSmsOptOut={excludeSmsOptOut}
    />
  );
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  storeSession(makeLoginAnswer());
  fetchMock.mockImplementation(async () => answer(PEOPLE));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const searchedFor = () =>
  fetchMock.mock.calls.map(([url]) => new URL(url, 'http://x').searchParams.get('q') ?? '');

describe('contact picker', () => {
  it('searches contact/search-name with page size 10 only after 2 seconds without typing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithProviders(<SingleHarness />);
    await user.click(screen.getByRole('button', { name: 'Contact' }));
    await screen.findByText('Ada Lovelace');
    const first = new URL(fetchMock.mock.calls[0]![0], 'http://x');
    expect(first.pathname).toBe('/api/contact/search-name');
    expect(first.searchParams.get('pageSize')).toBe('10');
    expect(first.searchParams.get('page')).toBe('0');

    await user.type(screen.getByLabelText('Search contacts by name'), 'ada');
    await act(async () => vi.advanceTimersByTime(1500));
    expect(searchedFor()).toEqual(['']);
    await act(async () => vi.advanceTimersByTime(600));
    await waitFor(() => expect(searchedFor()).toEqual(['', 'ada']));
  });

  it('shows the name, the phone in display form and escapes names', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SingleHarness />);
    await user.click(screen.getByRole('button', { name: 'Contact' }));
    expect(await screen.findByText('+1 (555) 123-4567')).toBeInTheDocument();
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(document.querySelector('img[src="x"]')).toBeNull();
    await user.click(screen.getByText('Ada Lovelace'));
    expect(screen.getByRole('button', { name: 'Contact' })).toHaveTextContent('Ada Lovelace');
  });

  it('refuses a contact who opted out of SMS', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<SingleHarness excludeSmsOptOut onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Contact' }));
    await user.click(await screen.findByText('Opted Out'));
    expect(await screen.findByText('This contact has opted out of SMS messages.')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('refuses several at once with the plural message and keeps the others', async () => {
    const user = userEvent.setup();
    renderWithProviders(<MultiHarness excludeSmsOptOut />);
    await user.click(screen.getByLabelText('Guests'));
    await screen.findByText('Ada Lovelace');
    await user.click(screen.getByRole('button', { name: 'Select all shown' }));
    expect(
      await screen.findByText('One or more selected contacts have opted out of SMS messages.'),
    ).toBeInTheDocument();
    const chips = [...document.querySelectorAll('.mantine-Pill-label')].map((el) => el.textContent);
    expect(chips).toEqual(['Ada Lovelace', '<img src=x onerror=alert(1)>']);
  });

  it('refuses an employee without a wage type', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<SingleHarness requireWageType onChange={onChange} />);
    await user.click(screen.getByRole('button', { name: 'Contact' }));
    await user.click(await screen.findByText('Ada Lovelace'));
    expect(await screen.findByText("Employee don't have any wage type")).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('shows three chips, then "+N more"', () => {
    const chosen = [1, 2, 3, 4, 5].map((n) => contact(n));
    renderWithProviders(<MultiHarness initial={chosen} />);
    expect(screen.getByText('Person 1')).toBeInTheDocument();
    expect(screen.getByText('Person 3')).toBeInTheDocument();
    expect(screen.queryByText('Person 4')).toBeNull();
    expect(screen.getByTestId('picker-more')).toHaveTextContent('+2 more');
  });

  it('does not load the whole list for a non-admin until a name is typed', async () => {
    storeSession(makeLoginAnswer({ userType: 'employee' }));
    const user = userEvent.setup();
    renderWithProviders(<SingleHarness />);
    await user.click(screen.getByRole('button', { name: 'Contact' }));
    expect(await screen.findByText('Type a name to search')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
