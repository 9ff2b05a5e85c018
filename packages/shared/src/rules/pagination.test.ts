import { describe, expect, it } from 'vitest';
import {
  BOOKING_LOOKUP_PAGINATION,
  CONTACT_PICKER_PAGE_SIZE,
  CONTACTS_PAGINATION,
  DOCUMENT_LIST_PAGINATION,
  EVENT_LIST_PAGINATION,
  QR_CODE_PAGINATION,
  SHIFT_ACTIVITY_LOG_PAGINATION,
  SMART_LIST_PAGE_SIZE,
  TASKS_PAGINATION,
  totalPages,
  VENDOR_ORDERS_PAGINATION,
  VENDOR_PAYOUTS_PAGINATION,
} from './pagination.ts';

describe('totalPages', () => {
  it('rounds up', () => {
    expect(totalPages(100, 20)).toBe(5);
    expect(totalPages(101, 20)).toBe(6);
    expect(totalPages(99, 20)).toBe(5);
    expect(totalPages(1, 20)).toBe(1);
    expect(totalPages(21, 20)).toBe(2);
  });

  it('is at least 1', () => {
    expect(totalPages(0, 20)).toBe(1);
    expect(totalPages(-5, 20)).toBe(1);
  });

  it('guards bad page sizes', () => {
    expect(totalPages(50, 0)).toBe(1);
    expect(totalPages(50, -10)).toBe(1);
    expect(totalPages(50, Number.NaN)).toBe(1);
    expect(totalPages(Number.NaN, 10)).toBe(1);
    expect(totalPages(Number.POSITIVE_INFINITY, 10)).toBe(1);
  });

  it('handles fractional page sizes', () => {
    expect(totalPages(10, 2.5)).toBe(4);
  });
});

describe('defaults', () => {
  it('match the specification', () => {
    expect(CONTACTS_PAGINATION).toEqual({ page: 0, pageSize: 100 });
    expect(CONTACT_PICKER_PAGE_SIZE).toBe(10);
    expect(VENDOR_ORDERS_PAGINATION).toEqual({ page: 1, pageSize: 20 });
    expect(VENDOR_PAYOUTS_PAGINATION).toEqual({ page: 1, pageSize: 20 });
    expect(EVENT_LIST_PAGINATION).toEqual({ page: 1, pageSize: 10 });
    expect(DOCUMENT_LIST_PAGINATION).toEqual({ page: 1, limit: 10 });
    expect(QR_CODE_PAGINATION).toEqual({ pageNo: 1, pageSize: 12 });
    expect(SMART_LIST_PAGE_SIZE).toBe(10);
    expect(BOOKING_LOOKUP_PAGINATION).toEqual({ page: 0, pageSize: 400 });
    expect(TASKS_PAGINATION).toEqual({ pageNumber: 0, rowPerPage: 10 });
    expect(SHIFT_ACTIVITY_LOG_PAGINATION).toEqual({ skip: 0, limit: 5 });
  });
});
