import { z } from 'zod';
import { idSchema } from './common.ts';
import { pageNumber, pageSizeNumber } from './contact-inputs.ts';

// Files attached to a contact (GET, POST, DELETE /contact-file/{contactId}; the list
// defaults to page 1 and 50 per page).

/** The largest file accepted; images are compressed in the browser before they are sent. */
export const CONTACT_FILE_MAX_BYTES = 25 * 1024 * 1024;

export const contactFileQuery = z.object({ page: pageNumber(1, 1), pageSize: pageSizeNumber(50, 200) });
export const contactFileParams = z.object({ contactId: idSchema, fileId: idSchema });

export const contactFileAnswer = z.object({
  _id: idSchema,
  contactId: idSchema,
  /** The same as `_id` (the spec's contact file is contactId plus fileId). */
  fileId: idSchema,
  fileName: z.string(),
  kind: z.enum(['image', 'video', 'document', 'text']),
  mimeType: z.string(),
  size: z.number(),
  /** Where to download it (with the usual bearer token and headers). */
  url: z.string(),
  createdBy: idSchema.nullable(),
  createdAt: z.string(),
});
export type ContactFileAnswer = z.infer<typeof contactFileAnswer>;

export const contactFileListAnswer = z.object({
  list: z.array(contactFileAnswer),
  pagination: z.object({ page: z.number(), pageSize: z.number(), hasMore: z.boolean() }),
});
export const contactFileMutationAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  data: contactFileAnswer,
});
export const deleteContactFilesBody = z.object({
  fileIds: z.array(idSchema).min(1, { message: 'Choose at least one file' }).max(100),
});
export const deleteContactFilesAnswer = z.object({
  success: z.literal(true),
  message: z.string(),
  count: z.number(),
});
