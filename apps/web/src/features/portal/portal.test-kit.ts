import type {
  ContractAnswer,
  InvoiceAnswer,
  PaymentCardAnswer,
  PortalBooking,
  PortalClass,
  PortalMe,
} from '@opsuite/shared';
import { buildAbility } from '@opsuite/shared/rules/permissions';
import { configure } from '@testing-library/react';
import { vi } from 'vitest';
import { getSession, storeSession } from '../../app/auth-store';
import { errorResponse, jsonResponse, makeLoginAnswer } from '../../test-utils';

// A member signed in and the portal's answers, for the portal's web tests: `answers` holds what
// each call answers and can be changed by a test; `fetchMock` records the calls.

// The portal is a lazily loaded page: its first render waits for the chunk, which takes longer
// than testing-library's one second on a busy machine.
configure({ asyncUtilTimeout: 6_000 });

export const CONTACT_ID = '0190a000-0000-7000-8000-0000000000c1';
export const id = (n: number) => `0190a000-0000-7000-8000-${String(n).padStart(12, '0')}`;

/** Today and the next days in UTC (the test organisation's zone). */
export const day = (offset = 0) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

export const me: PortalMe = {
  member: {
    _id: CONTACT_ID,
    fullName: 'Morgan Member',
    email: 'member@example.com',
    phone: null,
    photo: null,
    code: '0000001234',
    plan: 'Unlimited',
    paymentStatus: 'none',
  },
  organization: { _id: id(1), name: 'Iron Gym', themeColor: '#e8590c', logoLink: null, timeZone: 'UTC' },
  cancelCutoffMinutes: 120,
};

export function classOf(n: number, over: Partial<PortalClass> = {}): PortalClass {
  return {
    _id: id(100 + n),
    date: day(1),
    startTime: '18:00',
    endTime: '19:00',
    startsAt: inHours(30),
    endsAt: inHours(31),
    title: `Class ${n}`,
    description: 'Sweat and smiles.',
    program: null,
    color: '#1e88e5',
    instructor: null,
    capacity: 10,
    seatsLeft: 5,
    started: false,
    booking: null,
    waitlist: null,
    waitlistLength: 0,
    ...over,
  };
}

export function bookingOf(n: number, over: Partial<PortalBooking> = {}): PortalBooking {
  return {
    _id: id(200 + n),
    slotId: id(100 + n),
    title: `Class ${n}`,
    color: '#1e88e5',
    date: day(1),
    startTime: '18:00',
    endTime: '19:00',
    startsAt: inHours(30),
    endsAt: inHours(31),
    status: 'booked',
    attendance: 'booked',
    lateCancel: false,
    cancelledAt: null,
    attendedAt: null,
    instructor: null,
    source: 'member',
    ...over,
  };
}

export function invoiceOf(n: number, over: Partial<InvoiceAnswer> = {}): InvoiceAnswer {
  return {
    _id: id(300 + n),
    contactId: CONTACT_ID,
    contractId: null,
    contractTitle: null,
    number: `INV-000${n}`,
    description: '10-class pack',
    amountCents: 12000,
    dueDate: day(7),
    status: 'due',
    paidAt: null,
    paymentMethod: null,
    periodStart: null,
    periodEnd: null,
    paidCents: 0,
    refundedCents: 0,
    attemptCount: 0,
    failedAttempts: 0,
    nextAttemptAt: null,
    lastFailure: null,
    createdAt: inHours(-48),
    updatedAt: inHours(-48),
    ...over,
  } as InvoiceAnswer;
}

export function cardOf(n: number, over: Partial<PaymentCardAnswer> = {}): PaymentCardAnswer {
  return {
    _id: id(400 + n),
    contactId: CONTACT_ID,
    provider: 'sandbox',
    brand: 'Visa',
    last4: '4242',
    expMonth: 12,
    expYear: 2031,
    holderName: null,
    isDefault: true,
    createdAt: inHours(-100),
    ...over,
  };
}

export interface Answers {
  me: PortalMe;
  classes: PortalClass[];
  upcoming: PortalBooking[];
  history: PortalBooking[];
  invoices: InvoiceAnswer[];
  cards: PaymentCardAnswer[];
  contracts: ContractAnswer[];
  provider: string;
  /** Overrides for writes: path → response. */
  writes: Record<string, () => Response>;
}

export function portalFetch(answers: Answers) {
  const fetchMock = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = init.method ?? 'GET';
    const path = url.pathname.replace(/^\/api/, '');
    const write = answers.writes[`${method} ${path}`];
    if (write) return write();
    if (method === 'GET') {
      if (path === '/portal/me') return jsonResponse(answers.me);
      if (path === '/portal/classes')
        return jsonResponse({ from: day(0), to: day(6), list: answers.classes });
      if (path === '/portal/bookings') return jsonResponse({ upcoming: answers.upcoming, waitlist: [] });
      if (path === '/portal/history')
        return jsonResponse({
          list: answers.history,
          pagination: { page: 1, pageSize: 20, total: answers.history.length },
          counts: { checkedIn: 1, noShow: 0, lateCancel: 1 },
        });
      if (path === '/portal/invoices')
        return jsonResponse({ list: answers.invoices, pagination: {}, totals: {}, billing: {} });
      if (path === '/portal/cards') return jsonResponse({ list: answers.cards });
      if (path === '/portal/contracts') return jsonResponse({ list: answers.contracts });
      if (path === '/portal/family') return jsonResponse({ list: [] });
      if (path === '/payment/config')
        return jsonResponse({ provider: answers.provider, publishableKey: null, showTestCards: true });
      if (path === '/auth/session') {
        const session = getSession();
        return jsonResponse({ userData: session?.userData, organization: session?.organization });
      }
    }
    return errorResponse(404, 'NOT_FOUND', `No stand-in for ${method} ${path}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function defaultAnswers(): Answers {
  return {
    me: structuredClone(me),
    classes: [],
    upcoming: [],
    history: [],
    invoices: [],
    cards: [],
    contracts: [],
    provider: 'sandbox',
    writes: {},
  };
}

/** Signs a member (a client) in, as stored after sign-in. */
export function signInMember() {
  const answer = makeLoginAnswer(
    {
      fullName: 'Morgan Member',
      userType: 'client',
      roleLabel: 'Client',
      ability: buildAbility([{ resource: 'booking', read: true, write: true, update: true, delete: false }]),
      curRole: {
        contactTypeId: { _id: id(9), name: 'Client', type: 'client' },
        contactId: CONTACT_ID,
        assignerId: null,
      },
    },
    { name: 'Iron Gym', themeColor: '#e8590c' },
  );
  storeSession(answer);
}
