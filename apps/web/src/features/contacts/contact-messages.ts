import { ApiError, SESSION_EXPIRED_CODE } from '../../app/api-client';
import { toast } from '../../app/toast';

// The contact texts of the success and error catalogues (core §8, platform §5 and §8).

export const CONTACT_MESSAGES = {
  created: 'Contact created',
  updated: 'Contact updated',
  deleted: 'Contact deleted',
  moved: 'Contact moved',
  tagged: 'Tags and lead source added',
  createFailed: 'Failed to create contact!',
  billingAddressFailed: 'Failed to update billing address',
  merged: 'Contacts merged successfully',
  mergeFailed: 'Failed to merge contacts',
  fileAdded: 'Contact file added successfully',
  compressionFailed: 'Image Compression Failed',
  typeUpdated: 'Contact type updated',
  fieldAdded: 'Contact field added',
  fieldUpdated: 'Contact field updated',
  fieldDeleted: 'Contact field deleted',
  rankUpdated: 'Rank Updated',
  rankDeleted: 'Rank deleted',
  fieldSettingsUpdated: 'Value, Order and Width Updated',
  smsOptOut: 'This contact has opted out of SMS messages.',
  smsOptOutMany: 'One or more selected contacts have opted out of SMS messages.',
  noWageType: "Employee don't have any wage type",
  generic: 'Something went wrong',
} as const;

/**
 * The text for a failed call: the server's own text when it explains the refusal (a 4xx other
 * than a missing route), otherwise the catalogue's fallback. null when the session has ended
 * (the redirect to /login already said so).
 */
export function failureText(error: unknown, fallback: string): string | null {
  if (error instanceof ApiError) {
    if (error.code === SESSION_EXPIRED_CODE) return null;
    const missingRoute = error.status === 404 && error.message.startsWith('No route');
    if (error.status >= 400 && error.status < 500 && !missingRoute && error.message) return error.message;
  }
  return fallback;
}

export function toastFailure(error: unknown, fallback: string = CONTACT_MESSAGES.generic): void {
  const text = failureText(error, fallback);
  if (text) toast.error(text);
}
