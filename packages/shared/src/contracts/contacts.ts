import { z } from 'zod';
import { contactTypeRef } from './auth.ts';
import { dayField, idSchema, imageLinkField, instantField } from './common.ts';
import {
  billingAddress,
  billingAddressAnswer,
  contactEmailField,
  contactStatus,
  customFieldValue,
  idListQuery,
  mutationAnswer,
  nullableField,
  pageNumber,
  pageSizeNumber,
  paymentStatus,
  paymentStatusFilter,
  phoneField,
  punchIdField,
  queryField,
} from './contact-inputs.ts';

export * from './contact-files.ts';
export * from './contact-import.ts';
export * from './contact-inputs.ts';
export * from './contact-records.ts';
export * from './contact-settings.ts';
export * from './contact-statistics.ts';
export * from './payments.ts';
export * from './staff.ts';

// The contact itself.

export const CONTACT_PAGE_SIZE_MAX = 500;
export const CONTACT_SEARCH_PAGE_SIZE_MAX = 100;
export const CONTACT_BULK_MAX = 500;

const contactFieldsShape = {
  fullName: z.string().trim().min(1, { message: 'Full name is required' }).max(200),
  firstName: nullableField(z.string().trim().max(100)),
  lastName: nullableField(z.string().trim().max(100)),
  email: nullableField(contactEmailField),
  phone: nullableField(phoneField),
  photo: nullableField(imageLinkField),
  status: contactStatus,
  isFormer: z.boolean(),
  contactTypeId: nullableField(idSchema),
  stageId: nullableField(idSchema),
  leadSourceId: nullableField(idSchema),
  rankId: nullableField(idSchema),
  /** Tag ids; the answer carries the tags themselves. */
  tags: z.array(idSchema).max(50),
  punchId: nullableField(punchIdField),
  billingAddress: billingAddress.nullable(),
  birthday: nullableField(dayField('Birthday must be a date (YYYY-MM-DD)', 'Birthday')),
  lastAttendedAt: nullableField(instantField('Invalid ISO datetime')),
  lastContactedAt: nullableField(instantField('Invalid ISO datetime')),
  paymentStatus,
  plan: nullableField(z.string().trim().max(100)),
  stopSms: z.boolean(),
  /** Values of custom contact fields, keyed by the field's id. */
  customFields: z.record(idSchema, customFieldValue),
};

/** Update: any subset of the fields. */
export const contactUpdateBody = z.object(contactFieldsShape).partial();
export type ContactUpdateBody = z.infer<typeof contactUpdateBody>;

/**
 * Create: a full name, or a first or last name to build it from. A manual add whose e-mail a live
 * contact already has answers 409 naming that contact, unless `allowDuplicateEmail` is set (the
 * form's "Add anyway").
 */
export const contactCreateBody = contactUpdateBody
  .extend({ fullName: contactFieldsShape.fullName.optional(), allowDuplicateEmail: z.boolean().optional() })
  .refine((b) => !!(b.fullName || b.firstName || b.lastName), {
    message: 'Full name is required',
    path: ['fullName'],
  });
export type ContactCreateBody = z.infer<typeof contactCreateBody>;

/** save-contact: an `_id` updates that contact, no `_id` creates one. */
export const saveContactBody = contactUpdateBody
  .extend({ _id: idSchema.optional(), allowDuplicateEmail: z.boolean().optional() })
  .refine((b) => !!(b._id || b.fullName || b.firstName || b.lastName), {
    message: 'Full name is required',
    path: ['fullName'],
  });
export type SaveContactBody = z.infer<typeof saveContactBody>;

export const namedRef = z.object({ _id: idSchema, name: z.string() });
export const tagRef = z.object({ _id: idSchema, name: z.string(), color: z.string().nullable() });
export const currentRank = z.object({
  _id: idSchema,
  rankName: z.string(),
  rankImage: z.string().nullable(),
  categoryId: idSchema,
  categoryName: z.string(),
});

export const contactAnswer = z.object({
  _id: idSchema,
  fullName: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  photo: z.string().nullable(),
  status: contactStatus,
  isFormer: z.boolean(),
  contactTypeId: idSchema.nullable(),
  contactType: contactTypeRef.nullable(),
  stageId: idSchema.nullable(),
  stage: namedRef.nullable(),
  leadSourceId: idSchema.nullable(),
  leadSource: namedRef.nullable(),
  rankId: idSchema.nullable(),
  currentRank: currentRank.nullable(),
  tags: z.array(tagRef),
  punchId: z.string().nullable(),
  billingAddress: billingAddressAnswer.nullable(),
  birthday: z.string().nullable(),
  lastAttendedAt: z.string().nullable(),
  lastContactedAt: z.string().nullable(),
  paymentStatus,
  plan: z.string().nullable(),
  stopSms: z.boolean(),
  customFields: z.record(z.string(), customFieldValue),
  userId: idSchema.nullable(),
  createdBy: idSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContactAnswer = z.infer<typeof contactAnswer>;

/**
 * The contact picker option. The wage and tip fields belong to the payroll module,
 * which fills them; until it does (and for anyone without a wage) they are null, which the
 * picker's wage-type rule reads as "no wage type".
 */
export const contactPickerOption = z.object({
  _id: idSchema,
  fullName: z.string(),
  photo: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  status: contactStatus,
  isFormer: z.boolean(),
  contactType: contactTypeRef.nullable(),
  currentRank: currentRank.nullable(),
  stopSms: z.boolean(),
  salary: z.object({ wageType: z.string().nullable() }).nullable(),
  /** Cents. */
  cashTip: z.number().int().nullable(),
  /** Cents. */
  ccTip: z.number().int().nullable(),
  workedHours: z.number().nullable(),
  /** Cents. */
  totalAmount: z.number().int().nullable(),
  /** Cents. */
  cashTipOwed: z.number().int().nullable(),
});
export type ContactPickerOption = z.infer<typeof contactPickerOption>;

/** Filters of the contacts list. */
export const contactFiltersQuery = z.object({
  search: queryField(z.string().trim().max(100)),
  /** Active or Former. */
  status: queryField(
    z.preprocess((v) => (typeof v === 'string' ? v.toLowerCase() : v), z.enum(['active', 'former'])),
  ),
  paymentStatus: queryField(paymentStatusFilter),
  tags: queryField(idListQuery(50)),
  leadSources: queryField(idListQuery(50)),
  plan: queryField(z.string().trim().max(100)),
  /** Rank ids (progressions). */
  progressions: queryField(idListQuery(50)),
  contactType: queryField(idSchema),
  stage: queryField(idSchema),
  /**
   * Off or On. For an admin in data-flow mode (view-user-data on), On (the
   * default) lists every contact and Off only those their access ids own; ignored for others.
   */
  dataFlow: queryField(
    z.preprocess(
      (v) => (v === 'true' || v === true ? 'on' : v === 'false' || v === false ? 'off' : v),
      z.preprocess((v) => (typeof v === 'string' ? v.toLowerCase() : v), z.enum(['on', 'off'])),
    ),
  ),
});
export type ContactFilters = z.infer<typeof contactFiltersQuery>;

export const contactListQuery = contactFiltersQuery.extend({
  page: pageNumber(0, 0),
  pageSize: pageSizeNumber(100, CONTACT_PAGE_SIZE_MAX),
  /** Rating type: 1 Last Attended, 2 Last Contacted (newest first); otherwise newest created first. */
  ratingType: queryField(z.coerce.number().int().min(1).max(2)),
  /** Keyset cursor from the previous page's `nextCursor`; when given, `page` is ignored. */
  cursor: queryField(z.string().max(200)),
});
export type ContactListQuery = z.infer<typeof contactListQuery>;

export const contactListAnswer = z.object({
  list: z.array(contactAnswer),
  pagination: z.object({
    page: z.number(),
    pageSize: z.number(),
    hasMore: z.boolean(),
    nextCursor: z.string().nullable(),
  }),
});

export const contactCountsAnswer = z.object({
  active: z.number(),
  former: z.number(),
  pastDue: z.number(),
  total: z.number(),
});
export type ContactCountsAnswer = z.infer<typeof contactCountsAnswer>;

/** `capped` means there are more than `total` matches (the count stops there to stay fast). */
export const filteredTotalAnswer = z.object({ total: z.number(), capped: z.boolean() });

export const contactSearchQuery = z.object({
  q: queryField(z.string().trim().max(100)),
  /** Only the people who work for the business (employees, admins, the owner). */
  staff: queryField(z.enum(['true', 'false']).transform((v) => v === 'true')),
  page: pageNumber(0, 0),
  pageSize: pageSizeNumber(10, CONTACT_SEARCH_PAGE_SIZE_MAX),
});
export const pickerListAnswer = z.object({
  list: z.array(contactPickerOption),
  pagination: z.object({ page: z.number(), pageSize: z.number(), hasMore: z.boolean() }),
});

export const multiByIdQuery = z.object({ ids: idListQuery(CONTACT_BULK_MAX).pipe(z.array(idSchema).min(1)) });
export const contactArrayAnswer = z.object({ list: z.array(contactAnswer) });

export const contactMutationAnswer = mutationAnswer(contactAnswer);

export const contactExistsBody = z
  .object({ email: nullableField(contactEmailField).optional(), phone: nullableField(phoneField).optional() })
  .refine((b) => !!(b.email || b.phone), { message: 'Email or phone is required', path: ['email'] });
export const contactExistsAnswer = z.object({ exists: z.boolean(), contact: contactPickerOption.nullable() });

const bulkIds = z
  .array(idSchema)
  .min(1, { message: 'Select at least one contact' })
  .max(CONTACT_BULK_MAX, { message: `At most ${CONTACT_BULK_MAX} contacts at once` });

export const massMoveBody = z
  .object({ ids: bulkIds, contactTypeId: idSchema.optional(), stageId: idSchema.optional() })
  .refine((b) => (b.contactTypeId ? 1 : 0) + (b.stageId ? 1 : 0) === 1, {
    message: 'Choose a contact type or a stage',
    path: ['contactTypeId'],
  });

export const bulkTagsLeadSourceBody = z
  .object({
    ids: bulkIds,
    tagIds: z.array(idSchema).max(50).optional(),
    leadSourceId: idSchema.optional(),
  })
  .refine((b) => (b.tagIds?.length ?? 0) > 0 || !!b.leadSourceId, {
    message: 'Choose tags or a lead source',
    path: ['tagIds'],
  });

export const punchIdBody = z.object({ contactId: idSchema, punchId: nullableField(punchIdField) });
export const updateRoleBody = z.object({ contactId: idSchema, contactTypeId: idSchema });
export const deleteContactsBody = z.object({ source: z.string().trim().min(1).max(64), ids: bulkIds });

export const duplicateQuery = z.object({
  by: z.enum(['email', 'phone', 'any']).default('any'),
  page: pageNumber(0, 0),
  pageSize: pageSizeNumber(20, 100),
});
export const duplicateGroup = z.object({
  by: z.enum(['email', 'phone']),
  key: z.string(),
  contacts: z.array(contactPickerOption),
});
export const duplicateAnswer = z.object({
  list: z.array(duplicateGroup),
  pagination: z.object({ page: z.number(), pageSize: z.number(), hasMore: z.boolean() }),
});

export const mergeContactsBody = z.object({
  /** The contact that stays. */
  primaryId: idSchema,
  /** The duplicates merged into it and then deleted. */
  duplicateIds: z
    .array(idSchema)
    .min(1, { message: 'Choose at least one duplicate' })
    .max(50, { message: 'At most 50 duplicates at once' }),
});

/** export: the list's filters and order, every matching row (no paging), as CSV. */
export const contactExportQuery = contactFiltersQuery.extend({
  ratingType: queryField(z.coerce.number().int().min(1).max(2)),
});
export type ContactExportQuery = z.infer<typeof contactExportQuery>;
