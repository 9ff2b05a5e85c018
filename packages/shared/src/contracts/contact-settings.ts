import { z } from 'zod';
import { idSchema, imageLinkField } from './common.ts';
import { mutationAnswer, nullableField } from './contact-inputs.ts';

// The per-organisation lists around contacts: tags, lead sources, stages, progressions (rank
// categories) and their ranks, contact types and contact fields.

const name = (max = 80) => z.string().trim().min(1, { message: 'Name is required' }).max(max);
const hexColor = z
  .string()
  .trim()
  .regex(/^#([0-9a-f]{3}|[0-9a-f]{6})$/i, { message: 'Colour must be a hex colour of 3 or 6 digits' });
const sortOrder = z.number().int().min(0).max(100_000);
/** An update body must change something. */
const someField = <T extends z.ZodObject>(schema: T) =>
  schema.refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Nothing to update' });
const deletedAnswer = z.object({ success: z.literal(true), message: z.string() });
export const settingsDeletedAnswer = deletedAnswer;

export const tagBody = z.object({ name: name(60), color: nullableField(hexColor).optional() });
export const tagUpdateBody = someField(tagBody.partial());
export const tagAnswer = z.object({
  _id: idSchema,
  name: z.string(),
  color: z.string().nullable(),
  createdAt: z.string(),
});
export const tagListAnswer = z.object({ list: z.array(tagAnswer) });
export const tagMutationAnswer = mutationAnswer(tagAnswer);

export const leadSourceBody = z.object({ name: name() });
export const leadSourceAnswer = z.object({ _id: idSchema, name: z.string(), createdAt: z.string() });
export const leadSourceListAnswer = z.object({ list: z.array(leadSourceAnswer) });
export const leadSourceMutationAnswer = mutationAnswer(leadSourceAnswer);

export const stageBody = z.object({ name: name(), color: nullableField(hexColor).optional() });
export const stageUpdateBody = someField(stageBody.partial());
export const stageAnswer = z.object({
  _id: idSchema,
  name: z.string(),
  color: z.string().nullable(),
  sortOrder: z.number(),
});
export const stageListAnswer = z.object({ list: z.array(stageAnswer) });
export const stageMutationAnswer = mutationAnswer(stageAnswer);
export const reorderBody = z.object({
  ids: z
    .array(idSchema)
    .min(1)
    .max(500)
    .refine((ids) => new Set(ids).size === ids.length, {
      message: 'Each id may appear once',
    }),
});
export const reorderAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  list: z.array(stageAnswer),
});

export const rankCategoryBody = z.object({ name: name(), sortOrder: sortOrder.optional() });
export const rankCategoryUpdateBody = someField(rankCategoryBody.partial());
export const rankCategoryAnswer = z.object({ _id: idSchema, name: z.string(), sortOrder: z.number() });
export const rankCategoryListAnswer = z.object({ list: z.array(rankCategoryAnswer) });
export const rankCategoryMutationAnswer = mutationAnswer(rankCategoryAnswer);

export const clientRankBody = z.object({
  categoryId: idSchema,
  name: name(),
  image: nullableField(imageLinkField).optional(),
  sortOrder: sortOrder.optional(),
});
export const clientRankUpdateBody = someField(clientRankBody.partial());
export const clientRankAnswer = z.object({
  _id: idSchema,
  categoryId: idSchema,
  categoryName: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  sortOrder: z.number(),
  /** Requirements to reach this rank (PUT /client-ranks/requirements/:id); null when not set. */
  classesRequired: z.number().nullable(),
  minDaysInRank: z.number().nullable(),
});
export const clientRankQuery = z.object({
  categoryId: z.preprocess((v) => (v === '' ? undefined : v), idSchema.optional()),
});
export const clientRankListAnswer = z.object({ list: z.array(clientRankAnswer) });
export const clientRankMutationAnswer = mutationAnswer(clientRankAnswer);
export const categoryRankInfoAnswer = z.object({
  category: rankCategoryAnswer,
  ranks: z.array(clientRankAnswer),
});

/** Types a custom contact type may not take: they would confer the admin landing and data flow. */
export const RESERVED_CONTACT_TYPES = ['primary', 'admin'] as const;
export const contactTypeBody = z.object({
  name: name(60),
  type: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z][a-z0-9_-]{0,39}$/, { message: 'Type must be a short lowercase word' })
    .refine((t) => !(RESERVED_CONTACT_TYPES as readonly string[]).includes(t), {
      message: 'This type is reserved',
    })
    .optional(),
});
export const contactTypeUpdateBody = z.object({ name: name(60) });
export const contactTypeAnswer = z.object({
  _id: idSchema,
  name: z.string(),
  type: z.string(),
  isSystem: z.boolean(),
  sortOrder: z.number(),
});
export const contactTypeListAnswer = z.object({ list: z.array(contactTypeAnswer) });
export const contactTypeMutationAnswer = mutationAnswer(contactTypeAnswer);

export const CONTACT_FIELD_TYPES = ['text', 'number', 'date', 'select', 'checkbox'] as const;
const width = z.number().int().min(40).max(1000);
export const contactFieldBody = z
  .object({
    /** The label shown as the column heading. */
    value: name(60),
    fieldType: z.enum(CONTACT_FIELD_TYPES).default('text'),
    options: z.array(z.string().trim().min(1).max(100)).max(100).optional(),
    sortOrder: sortOrder.optional(),
    width: width.optional(),
    isVisible: z.boolean().optional(),
  })
  .refine((b) => b.fieldType !== 'select' || (b.options?.length ?? 0) > 0, {
    message: 'A select field needs options',
    path: ['options'],
  });
export const contactFieldUpdateBody = someField(
  z.object({
    value: name(60).optional(),
    options: z.array(z.string().trim().min(1).max(100)).max(100).optional(),
    sortOrder: sortOrder.optional(),
    width: width.optional(),
    isVisible: z.boolean().optional(),
  }),
);
/** The column settings screen saves every field's label, order and width at once. */
export const contactFieldSettingsBody = z.object({
  fields: z
    .array(
      z.object({
        _id: idSchema,
        value: name(60).optional(),
        sortOrder: sortOrder.optional(),
        width: width.optional(),
        isVisible: z.boolean().optional(),
      }),
    )
    .min(1)
    .max(200),
});
export const contactFieldAnswer = z.object({
  _id: idSchema,
  key: z.string(),
  value: z.string(),
  fieldType: z.string(),
  options: z.array(z.string()).nullable(),
  sortOrder: z.number(),
  width: z.number(),
  isVisible: z.boolean(),
  isSystem: z.boolean(),
});
export const contactFieldListAnswer = z.object({ list: z.array(contactFieldAnswer) });
export const contactFieldMutationAnswer = mutationAnswer(contactFieldAnswer);
export const contactFieldSettingsAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  list: z.array(contactFieldAnswer),
});
