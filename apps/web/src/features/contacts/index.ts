// Contacts: the list with its filters, import and bulk actions; one contact's page with its
// records and statistics; the settings lists (tags, stages, lead sources, ranks, types, fields);
// and the contact picker other modules search contacts with.

export { contactsFeature } from './contacts.feature';
export type { PickerContact } from './contacts.types';
export { NO_PLAN, PAYMENT_STATUS, PAYMENT_STATUS_ORDER, PaymentBadge, planText } from './payment-status';
export { ContactPicker } from './picker/contact-picker';
