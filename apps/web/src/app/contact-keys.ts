// The query keys of the organisation's contacts. Contacts and billing both keep a contact's
// records under them, so one invalidation of the contacts (a merge, a deletion, an import) reloads
// every view of them whichever module shows it.

type Query = { queryKey: readonly unknown[] };

export const contactsKey = (orgId: string | undefined) => ['contacts', orgId] as const;

export const contactRecordKey = (orgId: string | undefined, contactId: string, what: string) =>
  ['contacts', orgId, 'records', contactId, what] as const;

/** Every list and figure of the contacts, but no contact's records. */
export const isNotRecord = (query: Query) => query.queryKey[2] !== 'records';

/** One kind of record of every contact (a rank's requirements change every qualification). */
export const isRecordOf = (what: string) => (query: Query) =>
  query.queryKey[2] === 'records' && query.queryKey[4] === what;
