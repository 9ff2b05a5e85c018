import { CONTACTS_PAGINATION } from '@opsuite/shared/rules/pagination';
import { PAYMENT_STATUS, PAYMENT_STATUS_ORDER } from './payment-status';

// The contacts filter state and how it becomes the query of contact/get.

/** Rating type: 1 Last Attended, 2 Last Contacted. */
export type RatingType = 1 | 2;
export type StatusFilter = 'active' | 'former';
export type PaymentFilter = 'none' | 'past_due' | 'frozen';
export type DataFlow = 'on' | 'off';

export interface ContactFilters {
  search: string;
  ratingType: RatingType | null;
  status: StatusFilter | null;
  paymentStatus: PaymentFilter | null;
  tags: string[];
  leadSources: string[];
  plan: string;
  progressions: string[];
  contactType: string | null;
  stage: string | null;
  dataFlow: DataFlow;
}

export const EMPTY_FILTERS: ContactFilters = {
  search: '',
  ratingType: null,
  status: null,
  paymentStatus: null,
  tags: [],
  leadSources: [],
  plan: '',
  progressions: [],
  contactType: null,
  stage: null,
  dataFlow: 'off',
};

export const RATING_TYPE_OPTIONS = [
  { value: '1', label: 'Last Attended' },
  { value: '2', label: 'Last Contacted' },
];
export const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'former', label: 'Former' },
];
/** The stored value `frozen` is what the original product called "freezed"; it shows as Frozen. */
export const PAYMENT_STATUS_OPTIONS = PAYMENT_STATUS_ORDER.map((value) => ({
  value,
  label: PAYMENT_STATUS[value].label,
}));
export const DATA_FLOW_OPTIONS = [
  { value: 'off', label: 'Off' },
  { value: 'on', label: 'On' },
];

/** Pipeline views start with every status and contact status, sorted by last contacted. */
export const PIPELINE_FILTER_DEFAULTS = {
  status: 'all',
  contactStatus: 'all',
  sort: 'lastContacted',
} as const;

export type QueryValue = string | number | undefined;

/**
 * The filter part of the query, shared by contact/get, get-filtered-total and export. Empty
 * filters are left out; id lists travel as `a,b,c`. The data-flow switch is sent only when the
 * user may use it (an admin in an organisation with view-user-data).
 */
export function filtersToQuery(filters: ContactFilters, withDataFlow: boolean): Record<string, QueryValue> {
  const list = (ids: string[]) => (ids.length > 0 ? ids.join(',') : undefined);
  return {
    search: filters.search.trim() || undefined,
    status: filters.status ?? undefined,
    paymentStatus: filters.paymentStatus ?? undefined,
    tags: list(filters.tags),
    leadSources: list(filters.leadSources),
    plan: filters.plan.trim() || undefined,
    progressions: list(filters.progressions),
    contactType: filters.contactType ?? undefined,
    stage: filters.stage ?? undefined,
    dataFlow: withDataFlow ? filters.dataFlow : undefined,
  };
}

/** The whole contact/get query: filters, rating type and the page (page 0, 100 rows by default). */
export function listQuery(
  filters: ContactFilters,
  paging: { page: number; pageSize: number } = CONTACTS_PAGINATION,
  withDataFlow = false,
): Record<string, QueryValue> {
  return {
    ...filtersToQuery(filters, withDataFlow),
    ratingType: filters.ratingType ?? undefined,
    page: paging.page,
    pageSize: paging.pageSize,
  };
}

/** Drops undefined entries so equal filters give equal query keys. */
export function compactQuery(query: Record<string, QueryValue>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(query)) if (value !== undefined) out[key] = value;
  return out;
}

/** How many filters beyond the search text are set (the badge on the Filters button). */
export function activeFilterCount(filters: ContactFilters): number {
  return [
    filters.ratingType !== null,
    filters.status !== null,
    filters.paymentStatus !== null,
    filters.tags.length > 0,
    filters.leadSources.length > 0,
    filters.plan.trim() !== '',
    filters.progressions.length > 0,
    filters.contactType !== null,
    filters.stage !== null,
  ].filter(Boolean).length;
}
