import { z } from 'zod';
import { idSchema } from './common.ts';
import { pageNumber, pageSizeNumber, queryField } from './contact-inputs.ts';

// Answers of the contact statistics calls (contact-statistics, retention-statistics,
// getBirthdayStatisticsData, getProgressionStatisticsData).

const group = z.object({ _id: idSchema.nullable(), name: z.string(), count: z.number() });

export const contactStatisticsAnswer = z.object({
  active: z.number(),
  former: z.number(),
  pastDue: z.number(),
  total: z.number(),
  /** Created since the first of this month / during last month, in the organisation's time zone. */
  newThisMonth: z.number(),
  newLastMonth: z.number(),
  /** Live contacts per contact type; `_id` null for contacts without a type. */
  byType: z.array(group),
});

const statisticsPerson = z.object({
  _id: idSchema,
  fullName: z.string(),
  photo: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  lastAttendedAt: z.string().nullable(),
  birthday: z.string().nullable(),
});

/** Live contacts by how long ago they last attended; buckets do not overlap. */
export const retentionStatisticsAnswer = z.object({
  attendedLast7Days: z.number(),
  attended8To30DaysAgo: z.number(),
  attended31To90DaysAgo: z.number(),
  attendedEarlier: z.number(),
  neverAttended: z.number(),
  /** Active members last seen 14 to 60 days ago, most recent first (at most 20). */
  atRisk: z.array(statisticsPerson),
});

export const birthdayStatisticsQuery = z.object({
  /** 1-12; the current month in the organisation's time zone when absent. */
  month: queryField(z.coerce.number().int().min(1).max(12)),
  page: pageNumber(0, 0),
  pageSize: pageSizeNumber(50, 500),
});
export const birthdayStatisticsAnswer = z.object({
  month: z.number(),
  /** Live contacts with a birthday in that month. */
  total: z.number(),
  today: z.number(),
  list: z.array(statisticsPerson.extend({ turning: z.number() })),
  pagination: z.object({ page: z.number(), pageSize: z.number(), hasMore: z.boolean() }),
});

export const progressionStatisticsQuery = z.object({ categoryId: queryField(idSchema) });
export const progressionStatisticsAnswer = z.object({
  list: z.array(
    z.object({
      categoryId: idSchema,
      categoryName: z.string(),
      total: z.number(),
      ranks: z.array(
        z.object({
          _id: idSchema,
          rankName: z.string(),
          rankImage: z.string().nullable(),
          sortOrder: z.number(),
          count: z.number(),
        }),
      ),
    }),
  ),
});
