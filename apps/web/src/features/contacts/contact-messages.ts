import { GENERIC_FAILURE } from '../../app/api-client';

// The contact texts of the success and error catalogues.

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
  generic: GENERIC_FAILURE,
} as const;
