import type { BillingAddressInput, ContactCreateBody } from '@opsuite/shared';
import { isValidEmail } from '@opsuite/shared/rules/email';
import { isAllowedNumberKey } from '@opsuite/shared/rules/number-input';
import { formatPhoneDisplay, phoneDigits } from '@opsuite/shared/rules/phone';
import type { KeyboardEvent } from 'react';
import { ApiError } from '../../../app/api-client';
import type { Contact } from '../contacts.types';

// The values behind the create/edit form and how they become a request body.

export type CustomValue = string | number | boolean | null;
const ADDRESS_PARTS = ['street', 'street2', 'city', 'state', 'zip', 'country'] as const;
export type AddressPart = (typeof ADDRESS_PARTS)[number];

export interface ContactFormValues {
  firstName: string;
  lastName: string;
  fullName: string;
  email: string;
  phone: string;
  contactTypeId: string | null;
  status: 'active' | 'inactive';
  isFormer: boolean;
  stageId: string | null;
  leadSourceId: string | null;
  rankId: string | null;
  tags: string[];
  birthday: string;
  punchId: string;
  plan: string;
  paymentStatus: Contact['paymentStatus'];
  stopSms: boolean;
  address: Record<AddressPart, string>;
  customFields: Record<string, CustomValue>;
}

export type ContactFormErrors = Partial<Record<keyof ContactFormValues | 'form', string>>;

const emptyAddress = (): Record<AddressPart, string> =>
  Object.fromEntries(ADDRESS_PARTS.map((part) => [part, ''])) as Record<AddressPart, string>;

export function initialValues(contact?: Contact | null): ContactFormValues {
  const address = emptyAddress();
  for (const part of ADDRESS_PARTS) address[part] = contact?.billingAddress?.[part] ?? '';
  return {
    firstName: contact?.firstName ?? '',
    lastName: contact?.lastName ?? '',
    fullName: contact?.fullName ?? '',
    email: contact?.email ?? '',
    phone: contact?.phone ? formatPhoneDisplay(contact.phone) : '',
    contactTypeId: contact?.contactTypeId ?? null,
    status: contact?.status ?? 'active',
    isFormer: contact?.isFormer ?? false,
    stageId: contact?.stageId ?? null,
    leadSourceId: contact?.leadSourceId ?? null,
    rankId: contact?.rankId ?? null,
    tags: contact?.tags.map((tag) => tag._id) ?? [],
    birthday: contact?.birthday?.slice(0, 10) ?? '',
    punchId: contact?.punchId ?? '',
    plan: contact?.plan ?? '',
    paymentStatus: contact?.paymentStatus ?? 'none',
    stopSms: contact?.stopSms ?? false,
    address,
    customFields: { ...(contact?.customFields ?? {}) },
  };
}

const orNull = (value: string) => value.trim() || null;

/** The full name typed, or the first and last names joined. */
export function fullNameOf(values: Pick<ContactFormValues, 'fullName' | 'firstName' | 'lastName'>): string {
  return (
    values.fullName.trim() || [values.firstName.trim(), values.lastName.trim()].filter(Boolean).join(' ')
  );
}

/** The billing-address/{id} body: every part, empty ones as null (which clears them). */
export function toBillingAddress(values: Pick<ContactFormValues, 'address'>): BillingAddressInput {
  return Object.fromEntries(ADDRESS_PARTS.map((part) => [part, orNull(values.address[part])]));
}

/** Whether the address typed differs from the contact's saved one. */
export function billingAddressChanged(values: ContactFormValues, contact: Contact): boolean {
  const saved = initialValues(contact).address;
  return ADDRESS_PARTS.some((part) => values.address[part].trim() !== saved[part].trim());
}

export function toContactBody(values: ContactFormValues): ContactCreateBody {
  const hasAddress = ADDRESS_PARTS.some((part) => values.address[part].trim());
  const address = toBillingAddress(values);
  return {
    fullName: fullNameOf(values),
    firstName: orNull(values.firstName),
    lastName: orNull(values.lastName),
    email: orNull(values.email),
    phone: phoneDigits(values.phone) ? values.phone.trim() : null,
    contactTypeId: values.contactTypeId,
    status: values.status,
    isFormer: values.isFormer,
    stageId: values.stageId,
    leadSourceId: values.leadSourceId,
    rankId: values.rankId,
    tags: values.tags,
    birthday: orNull(values.birthday),
    punchId: orNull(values.punchId),
    plan: orNull(values.plan),
    paymentStatus: values.paymentStatus,
    stopSms: values.stopSms,
    billingAddress: hasAddress ? address : null,
    customFields: values.customFields,
  };
}

/** A name is required, e-mail of a standard pattern, a phone of 7 to 15 digits. */
export function validateContact(values: ContactFormValues): ContactFormErrors {
  const errors: ContactFormErrors = {};
  if (!fullNameOf(values)) errors.fullName = 'Full name is required';
  if (values.email.trim() && !isValidEmail(values.email)) errors.email = 'Please enter a valid email';
  const digits = phoneDigits(values.phone).length;
  if (values.phone.trim() && (digits < 7 || digits > 15)) errors.phone = 'Please enter a valid phone number';
  if (values.punchId.trim() && !/^[A-Za-z0-9-]{1,32}$/.test(values.punchId.trim())) {
    errors.punchId = 'Punch ID must be 1 to 32 letters, digits or dashes';
  }
  return errors;
}

/** Number inputs take only digits, Backspace, Tab, Delete, arrows and the dot. */
export function numberKeyFilter(event: KeyboardEvent<HTMLInputElement>): void {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (!isAllowedNumberKey(event.key) && event.key !== 'Enter') event.preventDefault();
}

/** Field errors the server named in a 400 answer (`details: [{ field, message }]`). */
export function serverFieldErrors(error: unknown): ContactFormErrors {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return {};
  const errors: ContactFormErrors = {};
  for (const item of error.details as { field?: unknown; message?: unknown }[]) {
    if (typeof item?.field !== 'string' || typeof item.message !== 'string') continue;
    const key = item.field.split('.')[0] as keyof ContactFormValues;
    errors[key] ??= item.message;
  }
  return errors;
}
