// Default paging per list. Some lists count pages from 0 and some from
// 1, and their APIs name the fields differently; each constant keeps the field names its
// API expects so callers can spread it into a query.

export const CONTACTS_PAGINATION = { page: 0, pageSize: 100 } as const;
export const CONTACT_PICKER_PAGE_SIZE = 10;
export const VENDOR_ORDERS_PAGINATION = { page: 1, pageSize: 20 } as const;
export const VENDOR_PAYOUTS_PAGINATION = { page: 1, pageSize: 20 } as const;
export const EVENT_LIST_PAGINATION = { page: 1, pageSize: 10 } as const;
export const DOCUMENT_LIST_PAGINATION = { page: 1, limit: 10 } as const;
export const QR_CODE_PAGINATION = { pageNo: 1, pageSize: 12 } as const;
export const SMART_LIST_PAGE_SIZE = 10;
/** The kiosk loads the whole day's bookings at once, hence the large page. */
export const BOOKING_LOOKUP_PAGINATION = { page: 0, pageSize: 400 } as const;
export const TASKS_PAGINATION = { pageNumber: 0, rowPerPage: 10 } as const;
export const ACTIVITIES_PAGINATION = { page: 1, limit: 10 } as const;
export const SHIFT_ACTIVITY_LOG_PAGINATION = { skip: 0, limit: 5 } as const;
export const TIP_POOL_ROWS_PER_PAGE = 10;
export const EMAIL_LIST_LIMIT = 10;
export const MESSAGE_LIST_PAGE_SIZE = 20;
export const JOURNAL_LIMIT = 10;

/**
 * Page count when the server gives none: total / pageSize rounded up, never below 1 so a
 * pager always has a page to show. A zero, negative or non-numeric page size also gives 1
 * instead of Infinity or NaN.
 */
export function totalPages(total: number, pageSize: number): number {
  if (!Number.isFinite(total) || !Number.isFinite(pageSize) || pageSize <= 0 || total <= 0) return 1;
  return Math.max(1, Math.ceil(total / pageSize));
}
