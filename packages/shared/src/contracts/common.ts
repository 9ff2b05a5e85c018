import { z } from 'zod';

/** Ids travel as `_id` uuid strings (ARCHITECTURE rule 4). */
export const idSchema = z.uuid({ message: 'must be a valid id' });
export const idParams = z.object({ id: idSchema });

export const errorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBody>;

export const okBody = z.object({ success: z.literal(true), message: z.string().optional() });
export type OkBody = z.infer<typeof okBody>;

/** Error codes shared by server and client; the server maps each to one HTTP status. */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION',
  'UNAUTHENTICATED',
  'TOKEN_EXPIRED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
