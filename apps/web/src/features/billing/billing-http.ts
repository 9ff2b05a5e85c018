// A key per user action, so a retried charge or payment is not made twice.

/** A key per user action, sent again only when the same action is retried. */
export const newRequestKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
