import { z } from 'zod';
import { EVENT_COLOR_NAMES } from '../rules/theme-color.ts';
import { dayField, instantField } from './common.ts';

// Building blocks of the booking contracts.

export const bookingKind = z.enum(['class', 'other']);
export type BookingKind = z.infer<typeof bookingKind>;
export const eventColorName = z.enum(EVENT_COLOR_NAMES);

export const hhmmField = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'Time must be HH:mm' });
export const isoDayField = dayField('Date must be YYYY-MM-DD');
export const bookingInstant = instantField('Must be an ISO date-time');
export const blankToNullValue = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
export const optionalTextField = (max: number) =>
  z.preprocess(blankToNullValue, z.string().trim().max(max).nullable());
export const capacityField = z.preprocess(blankToNullValue, z.number().int().min(1).max(10_000).nullable());
export const bookingPageQuery = (fallback: number, max: number) =>
  z.coerce.number().int().min(1).max(max).default(fallback);

export const bookingMutation = <T extends z.ZodType>(data: T) =>
  z.object({ success: z.literal(true), message: z.string(), data });
export const bookingDeletedAnswer = z.object({ success: z.literal(true), message: z.string() });
