import { buildAbility, fullRule } from '@opsuite/shared/rules/permissions';
import { vi } from 'vitest';
import { jsonResponse, makeLoginAnswer } from '../../test-utils';
import type { Contact, ContactField } from './contacts.types';

// Test data and a fake API for the contacts screens.

export const id = (n: number) => `0190a000-0000-7000-8000-${String(n).padStart(12, '0')}`;
export const TAG_VIP = { _id: id(501), name: 'VIP', color: '#e64980', createdAt: '2026-01-01T00:00:00Z' };
export const SOURCE_WEB = { _id: id(601), name: 'Website', createdAt: '2026-01-01T00:00:00Z' };
export const STAGE_NEW = { _id: id(701), name: 'New lead', color: null, sortOrder: 0 };
export const TYPE_CLIENT = { _id: id(801), name: 'Client', type: 'client', isSystem: true, sortOrder: 3 };

export function contactAnswer(n: number, overrides: Partial<Contact> = {}): Contact {
  return {
    _id: id(n),
    fullName: `Person ${n}`,
    firstName: null,
    lastName: null,
    email: `p${n}@example.com`,
    phone: '15551234567',
    photo: null,
    status: 'active',
    isFormer: false,
    contactTypeId: null,
    contactType: null,
    stageId: null,
    stage: null,
    leadSourceId: null,
    leadSource: null,
    rankId: null,
    currentRank: null,
    tags: [],
    punchId: null,
    billingAddress: null,
    birthday: null,
    lastAttendedAt: null,
    lastContactedAt: null,
    paymentStatus: 'none',
    plan: null,
    stopSms: false,
    customFields: {},
    userId: null,
    createdBy: null,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

const field = (key: string, value: string, sortOrder: number): ContactField => ({
  _id: id(900 + sortOrder),
  key,
  value,
  fieldType: 'text',
  options: null,
  sortOrder,
  width: 160,
  isVisible: true,
  isSystem: true,
});
export const FIELDS = [
  field('fullName', 'Full Name', 0),
  field('email', 'Email', 1),
  field('phone', 'Phone', 2),
  field('tags', 'Tags', 3),
];

export function signInWithContacts() {
  return makeLoginAnswer({
    ability: buildAbility([fullRule('contacts')]),
    plan: { permissions: [fullRule('contacts')] },
  });
}

/** A signed-in admin whose role also has the billing permission (the money tabs). */
export function signInWithBilling() {
  return makeLoginAnswer({
    ability: buildAbility([fullRule('contacts'), fullRule('billing')]),
    plan: { permissions: [fullRule('contacts'), fullRule('billing')] },
  });
}

export type Handler = (url: URL, init: RequestInit) => Response | Promise<Response> | undefined;

/** A fetch stand-in: answers the contacts calls; `extra` answers first when it returns something. */
export function contactsApi(contacts: Contact[], extra?: Handler) {
  const fetchMock = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const special = await extra?.(url, init);
    if (special) return special;
    switch (url.pathname) {
      case '/api/contact/get':
        return jsonResponse({
          list: contacts,
          pagination: { page: 0, pageSize: 100, hasMore: false, nextCursor: null },
        });
      case '/api/contact/get-total':
        return jsonResponse({ active: 12, former: 3, pastDue: 2, total: 15 });
      case '/api/contact/get-filtered-total':
        return jsonResponse({ total: contacts.length, capped: false });
      case '/api/tag/get':
        return jsonResponse({ list: [TAG_VIP] });
      case '/api/lead-source/get':
        return jsonResponse({ list: [SOURCE_WEB] });
      case '/api/stage/get':
        return jsonResponse({ list: [STAGE_NEW] });
      case '/api/contact-type/get':
        return jsonResponse({ list: [TYPE_CLIENT] });
      case '/api/client-ranks/get':
        return jsonResponse({ list: [] });
      case '/api/contact-field/get':
        return jsonResponse({ list: FIELDS });
      default:
        return jsonResponse({ error: { code: 'NOT_FOUND', message: `No route ${url.pathname}` } }, 404);
    }
  });
  return fetchMock;
}
