import type {
  BookingSlot,
  KioskCheckInAnswer,
  KioskContact,
  KioskOrganization,
} from '@opsuite/shared/contracts/kiosk';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, vi } from 'vitest';
import { KioskApp } from './kiosk-app';
import { storeDevice } from './kiosk-storage';

// Fixtures and a fetch stand-in answering with the shapes of contracts/kiosk.ts.

export const TODAY = '2025-06-10';
/** 15:00 UTC on TODAY; the organisation is in UTC so wall clock and instants agree. */
export const NOW = new Date(`${TODAY}T15:00:00.000Z`);

export const ORGANIZATION: KioskOrganization = {
  _id: '0190a000-0000-7000-8000-000000000001',
  name: 'Iron Gym',
  logoLink: null,
  themeColor: '#7367f0',
  timeZone: 'UTC',
};

let counter = 0;
const uuid = () => `0190a000-0000-7000-8000-${String(++counter).padStart(12, '0')}`;

export function makeSlot(
  overrides: Partial<BookingSlot> & { startTime: string; endTime: string },
): BookingSlot {
  const date = overrides.date ?? TODAY;
  return {
    _id: uuid(),
    date,
    startsAt: `${date}T${overrides.startTime}:00.000Z`,
    endsAt: `${date}T${overrides.endTime}:00.000Z`,
    capacity: null,
    attendedSlots: 0,
    bookingType: { _id: uuid(), title: 'Class', program: null },
    ...overrides,
  };
}

export function makeContact(overrides: Partial<KioskContact> = {}): KioskContact {
  return {
    _id: uuid(),
    name: 'Jane Doe',
    fullName: 'Jane Doe',
    contactName: 'Jane Doe',
    firstName: 'Jane',
    lastName: 'Doe',
    preferredName: null,
    displayName: null,
    email: 'jane@example.com',
    phone: '15551234567',
    photo: null,
    currentRank: null,
    currentRankName: null,
    currentRankImage: null,
    ...overrides,
  };
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export function apiError(status: number, code: string, message: string): Response {
  return json({ error: { code, message } }, status);
}

export interface KioskServer {
  slots: BookingSlot[];
  contactsByCode: Record<string, KioskContact | null>;
  search: KioskContact[];
  checkIn: (body: { slotId: string; contactId: string }) => Response;
  session: () => Response;
  lookupFailure?: Response;
  searchFailure?: Response;
  /** E-mail and phone that GET /kiosk/contacts/:id adds to a contact the search listed without. */
  reach?: Record<string, Pick<KioskContact, 'email' | 'phone'>>;
}

export function checkInAnswer(
  contactId: string,
  slotId: string,
  created = true,
  attendedSlots = 1,
): KioskCheckInAnswer {
  return {
    booking: {
      _id: uuid(),
      invitedUser: contactId,
      bookingSlot: slotId,
      bookingType: uuid(),
      status: 'completed',
      attendDate: NOW.toISOString(),
      type: 'class',
      isDeleted: false,
      startDate: NOW.toISOString(),
      endDate: NOW.toISOString(),
    },
    attendedSlots,
    created,
    message: 'Checked In',
  };
}

/** A fetch that routes the kiosk's calls to `server`; every call is recorded on the mock. */
export function mockKioskServer(partial: Partial<KioskServer> = {}) {
  const server: KioskServer = {
    slots: [],
    contactsByCode: {},
    search: [],
    checkIn: (body) => json(checkInAnswer(body.contactId, body.slotId)),
    session: () => json({ device: { _id: uuid(), name: 'Front desk' }, organization: ORGANIZATION }),
    ...partial,
  };
  const fetchMock = vi.fn(async (input: string, init?: RequestInit): Promise<Response> => {
    const url = new URL(input, 'http://kiosk.test');
    const path = url.pathname;
    if (path === '/api/kiosk/session') return server.session();
    if (path === '/api/kiosk/theme') return json({ type: 'solid', color: '#ff5500' });
    if (path === '/api/kiosk/slots') return json({ list: server.slots });
    if (path.startsWith('/api/kiosk/contact-by-code/')) {
      if (server.lookupFailure) return server.lookupFailure.clone();
      const code = decodeURIComponent(path.split('/').pop() ?? '');
      return json({ contact: server.contactsByCode[code] ?? null });
    }
    if (path === '/api/kiosk/contacts/search') {
      return server.searchFailure ? server.searchFailure.clone() : json({ list: server.search });
    }
    if (path === '/api/kiosk/check-in') return server.checkIn(JSON.parse(String(init?.body)));
    if (path.startsWith('/api/kiosk/contacts/')) {
      const id = decodeURIComponent(path.split('/').pop() ?? '');
      const found = [...server.search, ...Object.values(server.contactsByCode)].find((c) => c?._id === id);
      return found
        ? json({ contact: { ...found, ...server.reach?.[id] } })
        : apiError(404, 'NOT_FOUND', 'Contact not found');
    }
    return apiError(404, 'NOT_FOUND', `No route ${path}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  const callsTo = (prefix: string) =>
    fetchMock.mock.calls.filter(([input]) => new URL(input, 'http://kiosk.test').pathname.startsWith(prefix));
  return { server, fetchMock, callsTo };
}

export function pairDevice(code: string | null = 'FRONT-DESK-1') {
  storeDevice({ token: 'device-token-123', code: code ?? '', organization: ORGANIZATION });
  if (code === null) window.localStorage.removeItem('kioskDeviceCode');
}

export function renderKiosk() {
  return render(<KioskApp env="test" />);
}

export const user = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
export const toast = (kind: 'success' | 'warning' | 'error') =>
  document.querySelector(`[data-toast="${kind}"]`);

export async function pressKeys(u: ReturnType<typeof user>, digits: string) {
  for (const digit of digits) await u.click(screen.getByRole('button', { name: digit }));
}

/** A kiosk with one class in progress (auto-selected) and Jane behind code 123. */
export async function startWithClassInProgress(overrides: Parameters<typeof mockKioskServer>[0] = {}) {
  const yoga = makeSlot({
    startTime: '14:30',
    endTime: '15:30',
    attendedSlots: 4,
    bookingType: { _id: '0190a000-0000-7000-8000-0000000000aa', title: 'Yoga Flow', program: null },
  });
  const jane = makeContact();
  const api = mockKioskServer({ slots: [yoga], contactsByCode: { '0000000123': jane }, ...overrides });
  pairDevice(null);
  renderKiosk();
  const card = await screen.findByRole('button', { name: /Yoga Flow/ });
  await waitFor(() => expect(card).toHaveAttribute('aria-pressed', 'true'));
  return { ...api, yoga, jane, card };
}
