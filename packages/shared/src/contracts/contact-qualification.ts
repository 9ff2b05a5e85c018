import { z } from 'zod';
import { idSchema } from './common.ts';
import { mutationAnswer, nullableField } from './contact-inputs.ts';

// Qualified progression and qualified program: whether a contact meets
// the next rank's requirements (classes attended since reaching the current rank, days in rank),
// overall and per program. Attendance is the booking module's completed class bookings.

/** The attendance windows of the qualified program view, in days. */
export const PROGRAM_WINDOWS = [30, 90] as const;
export const RANK_HISTORY_LIMIT = 10;

const requirement = (label: string) =>
  nullableField(
    z.coerce
      .number({ message: `${label} must be a number` })
      .int({ message: `${label} must be a whole number` })
      .min(0, { message: `${label} cannot be negative` })
      .max(10_000, { message: `${label} is too large` }),
  );

/** Requirements to reach a rank, counted from the day the member reached the rank before it. */
export const rankRequirementsBody = z
  .object({
    classesRequired: requirement('Classes required').optional(),
    minDaysInRank: requirement('Minimum days in rank').optional(),
  })
  .refine((b) => b.classesRequired !== undefined || b.minDaysInRank !== undefined, {
    message: 'Nothing to update',
    path: ['classesRequired'],
  });
export type RankRequirementsBody = z.infer<typeof rankRequirementsBody>;

export const rankRequirementsAnswer = z.object({
  _id: idSchema,
  name: z.string(),
  categoryId: idSchema,
  classesRequired: z.number().nullable(),
  minDaysInRank: z.number().nullable(),
});
export const rankRequirementsMutationAnswer = mutationAnswer(rankRequirementsAnswer);

const rankRef = z.object({
  _id: idSchema,
  name: z.string(),
  image: z.string().nullable(),
  sortOrder: z.number(),
  classesRequired: z.number().nullable(),
  minDaysInRank: z.number().nullable(),
});

/** Where a contact stands against the next rank: the figures and what is still missing. */
export const qualificationCheck = z.object({
  classesAttended: z.number(),
  classesRequired: z.number().nullable(),
  classesRemaining: z.number(),
  daysInRank: z.number(),
  minDaysInRank: z.number().nullable(),
  daysRemaining: z.number(),
  /** At least one requirement is set on the next rank. */
  hasRequirements: z.boolean(),
  /** Every requirement set on the next rank is met (false when none is set or there is no next rank). */
  qualifies: z.boolean(),
});
export type QualificationCheck = z.infer<typeof qualificationCheck>;

export const qualifiedProgressionAnswer = z.object({
  category: z.object({ _id: idSchema, name: z.string() }).nullable(),
  currentRank: rankRef.nullable(),
  nextRank: rankRef.nullable(),
  /** When the contact reached the current rank (the rank history, else when they were added). */
  rankSince: z.string().nullable(),
  check: qualificationCheck.nullable(),
  history: z.array(
    z.object({ rankId: idSchema.nullable(), rankName: z.string().nullable(), reachedAt: z.string() }),
  ),
});
export type QualifiedProgression = z.infer<typeof qualifiedProgressionAnswer>;

export const qualifiedProgramAnswer = z.object({
  /** The program name on the booking types (matched to the progression of the same name). */
  program: z.string(),
  categoryId: idSchema.nullable(),
  /** The contact's rank in this program's progression, if they hold one. */
  rankName: z.string().nullable(),
  nextRankName: z.string().nullable(),
  attendedLast30Days: z.number(),
  attendedLast90Days: z.number(),
  lastAttendedAt: z.string().nullable(),
  check: qualificationCheck.nullable(),
  /**
   * Some booking type carries this program name, so its classes count here. False for a
   * progression no booking type names yet: nothing can count toward it until one does.
   */
  hasClasses: z.boolean(),
});
export type QualifiedProgram = z.infer<typeof qualifiedProgramAnswer>;

export const contactQualificationAnswer = z.object({
  contactId: idSchema,
  progression: qualifiedProgressionAnswer,
  programs: z.array(qualifiedProgramAnswer),
});
export type ContactQualification = z.infer<typeof contactQualificationAnswer>;
