import { z } from 'zod';
import { idSchema, instantField } from './common.ts';
import { nullableField, pageNumber, pageSizeNumber } from './contact-inputs.ts';

// What accumulates around a contact: follow-up notes, activities and family links.

const recordPagination = z.object({ page: z.number(), limit: z.number(), hasMore: z.boolean() });
export const recordPageQuery = z.object({ page: pageNumber(1, 1), limit: pageSizeNumber(10, 100) });
export const contactIdParams = z.object({ contactId: idSchema });

export const followupNoteBody = z.object({
  contactId: idSchema,
  note: z.string().trim().min(1, { message: 'Note is required' }).max(5000),
  followUpAt: nullableField(instantField('Invalid ISO datetime')).optional(),
});
export const followupNoteUpdateBody = z
  .object({
    note: z.string().trim().min(1, { message: 'Note is required' }).max(5000).optional(),
    followUpAt: nullableField(instantField('Invalid ISO datetime')).optional(),
  })
  .refine((b) => b.note !== undefined || b.followUpAt !== undefined, { message: 'Nothing to update' });
export const followupNoteAnswer = z.object({
  _id: idSchema,
  contactId: idSchema,
  note: z.string(),
  followUpAt: z.string().nullable(),
  createdBy: idSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export const followupNoteListAnswer = z.object({
  list: z.array(followupNoteAnswer),
  pagination: recordPagination,
});
export const followupNoteMutationAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  data: followupNoteAnswer,
});

export const contactActivityAnswer = z.object({
  _id: idSchema,
  contactId: idSchema,
  kind: z.string(),
  title: z.string(),
  data: z.record(z.string(), z.unknown()).nullable(),
  actorUserId: idSchema.nullable(),
  createdAt: z.string(),
});
export const contactActivityListAnswer = z.object({
  list: z.array(contactActivityAnswer),
  pagination: recordPagination,
});

export const familyLinkBody = z
  .object({
    contactId: idSchema,
    memberContactId: idSchema,
    relation: nullableField(z.string().trim().max(40)).optional(),
  })
  .refine((b) => b.contactId !== b.memberContactId, {
    message: 'A contact cannot be their own family member',
    path: ['memberContactId'],
  });
export const familyMemberAnswer = z.object({
  /** The link's id (DELETE /contact/family/:id removes it). */
  _id: idSchema,
  relation: z.string().nullable(),
  contact: z.object({
    _id: idSchema,
    fullName: z.string(),
    photo: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  }),
});
export const familyListAnswer = z.object({ list: z.array(familyMemberAnswer) });
export const familyMutationAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  data: familyMemberAnswer,
});
