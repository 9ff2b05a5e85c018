import type {
  birthdayStatisticsAnswer,
  ContactAnswer,
  ContactCountsAnswer,
  ContactFileAnswer,
  ContactPickerOption,
  clientRankAnswer,
  contactActivityAnswer,
  contactFieldAnswer,
  contactTypeAnswer,
  duplicateGroup,
  familyMemberAnswer,
  followupNoteAnswer,
  ImportJobAnswer,
  ImportRowError,
  leadSourceAnswer,
  progressionStatisticsAnswer,
  rankCategoryAnswer,
  retentionStatisticsAnswer,
  stageAnswer,
  tagAnswer,
} from '@opsuite/shared';
import type { z } from 'zod';

// Shapes of the contacts answers, taken from the shared zod contracts as types only, so that no
// zod code reaches the first bundle.

export type Contact = ContactAnswer;
export type ContactCounts = ContactCountsAnswer;
export type Tag = z.infer<typeof tagAnswer>;
export type LeadSource = z.infer<typeof leadSourceAnswer>;
export type Stage = z.infer<typeof stageAnswer>;
export type RankCategory = z.infer<typeof rankCategoryAnswer>;
export type ClientRank = z.infer<typeof clientRankAnswer>;
export type ContactType = z.infer<typeof contactTypeAnswer>;
export type ContactField = z.infer<typeof contactFieldAnswer>;
export type FollowupNote = z.infer<typeof followupNoteAnswer>;
export type ContactActivity = z.infer<typeof contactActivityAnswer>;
export type FamilyMember = z.infer<typeof familyMemberAnswer>;
export type DuplicateGroup = z.infer<typeof duplicateGroup>;
export type RetentionStatistics = z.infer<typeof retentionStatisticsAnswer>;
export type BirthdayStatistics = z.infer<typeof birthdayStatisticsAnswer>;
export type ProgressionStatistics = z.infer<typeof progressionStatisticsAnswer>;

/**
 * A picker option. The server answers the wage and tip fields (null until the
 * payroll module records them); they stay optional here for options built on this side.
 */
type PayFields = 'salary' | 'cashTip' | 'ccTip' | 'workedHours' | 'totalAmount' | 'cashTipOwed';
export interface PickerContact extends Omit<ContactPickerOption, PayFields> {
  salary?: { wageType?: string | null } | null;
  cashTip?: number | null;
  ccTip?: number | null;
  workedHours?: number | null;
  totalAmount?: number | null;
  cashTipOwed?: number | null;
}

export interface PickerPage {
  list: PickerContact[];
  pagination: { page: number; pageSize: number; hasMore: boolean };
}

export interface ContactListPage {
  list: Contact[];
  pagination: { page: number; pageSize: number; hasMore: boolean; nextCursor: string | null };
}

export interface MutationResult<T> {
  success: true;
  message: string;
  data: T;
}

export interface CountResult {
  success: true;
  message: string;
  count: number;
}

/**
 * The import job as `contact/import-contact-array` answers it (idle →
 * processing → success, with counts and one page of the rows that were not imported).
 */
export type ImportJob = ImportJobAnswer;
export type ImportStatus = ImportJobAnswer['status'];
/** A duplicate or rejected row: its 1-based row number among the file's data rows and why. */
export type ImportRowProblem = ImportRowError;

export type ContactFile = ContactFileAnswer;

export interface ContactFilePage {
  list: ContactFile[];
  pagination: { page: number; pageSize: number; hasMore: boolean };
}
