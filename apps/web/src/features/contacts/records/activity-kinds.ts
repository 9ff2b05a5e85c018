// How a contact activity's kind reads on the timeline. The kinds are what the server writes to
// contact_activities (contacts, files, notes, family, contracts, invoices, payment cards, booking).

const KIND_LABELS: Record<string, string> = {
  booking: 'Booking',
  'check-in': 'Check-in',
  'contact.created': 'Contact created',
  'contact.updated': 'Contact updated',
  'contact.deleted': 'Contact deleted',
  'contact.imported': 'Imported',
  'contact.merged': 'Merge',
  'contact.moved': 'Stage changed',
  'contact.tagged': 'Tags',
  'contact.punch_id': 'Punch ID',
  'contact.billing_address': 'Billing address',
  'contact.role': 'Role',
  'contact.shifts': 'Shifts',
  'family.linked': 'Family member added',
  'family.unlinked': 'Family member removed',
  'file.added': 'File added',
  'file.removed': 'File removed',
  'note.added': 'Note',
  'note.updated': 'Note edited',
  'note.removed': 'Note removed',
  'contract.added': 'Contract added',
  'contract.updated': 'Contract updated',
  'contract.active': 'Contract active',
  'contract.frozen': 'Contract frozen',
  'contract.cancelled': 'Contract cancelled',
  'contract.expired': 'Contract expired',
  'contract.deleted': 'Contract deleted',
  'invoice.created': 'Invoice added',
  'invoice.paid': 'Invoice paid',
  'invoice.refund': 'Invoice refunded',
  'invoice.forfeit': 'Invoice forfeited',
  'invoice.deleted': 'Invoice deleted',
  'payment.card_added': 'Card added',
  'payment.card_removed': 'Card removed',
};

/** The group a kind belongs to ('file' for 'file.added'), which picks its timeline icon. */
export function activityGroup(kind: string): string {
  return kind.split('.')[0] ?? kind;
}

/**
 * A readable label for an activity kind: the known kinds by name, any other one capitalised with
 * its dots, dashes and underscores as spaces ('shop.order-paid' → 'Shop order paid').
 */
export function activityKindLabel(kind: string): string {
  const known = KIND_LABELS[kind];
  if (known) return known;
  const words = kind
    .replace(/[._-]+/g, ' ')
    .trim()
    .replace(/\s+/g, ' ');
  if (!words) return 'Activity';
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}
