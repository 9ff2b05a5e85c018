import { z } from 'zod';
import { isPhoneCountry } from '../rules/phone.ts';
import { isValidHexColor } from '../rules/theme-color.ts';
import { organizationAnswer } from './auth.ts';
import { imageLinkField } from './common.ts';

/*
 * The organisation's settings page (GET/PUT /api/organization/current): the organisation answer
 * of the session plus what only the settings page and the server's rules read, its country (the
 * default region of phone numbers typed without a country code) and its check-in rules.
 */

/**
 * Require an active membership to check in: a member whose membership is frozen or past due is
 * let in (off), let in with a warning (warn) or refused at the kiosk (refuse).
 */
export const CHECK_IN_MEMBERSHIP_RULES = ['off', 'warn', 'refuse'] as const;
export const checkInMembershipRule = z.enum(CHECK_IN_MEMBERSHIP_RULES);
export type CheckInMembershipRule = z.infer<typeof checkInMembershipRule>;

/** The longest a check-in window reaches before a class's start or after its end: a day. */
export const CHECK_IN_WINDOW_MAX_MINUTES = 1440;

const windowMinutes = (what: string) =>
  z
    .number({ message: `${what} must be a number of minutes` })
    .int({ message: `${what} must be whole minutes` })
    .min(0, { message: `${what} cannot be negative` })
    .max(CHECK_IN_WINDOW_MAX_MINUTES, { message: `${what} is at most 1440 minutes (a day)` });

export const checkInRules = z.object({
  membership: checkInMembershipRule,
  /** Whether the window applies; off, a class can be checked into at any time of its day. */
  window: z.boolean(),
  /** Check-in opens this many minutes before the class starts... */
  opensMinutesBefore: windowMinutes('Opens before start'),
  /** ...and closes this many minutes after it ends (0: at its end). */
  closesMinutesAfter: windowMinutes('Closes after end'),
});
export type CheckInRules = z.infer<typeof checkInRules>;

export const DEFAULT_CHECK_IN_RULES: CheckInRules = {
  membership: 'off',
  window: false,
  opensMinutesBefore: 30,
  closesMinutesAfter: 0,
};

export const countryField = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isPhoneCountry, { message: 'Choose a country' });

export const organizationSettingsAnswer = organizationAnswer.extend({
  /** ISO 3166-1 alpha-2; phone numbers without a country code are read as this country's. */
  country: z.string(),
  checkInRules,
});
export type OrganizationSettingsAnswer = z.infer<typeof organizationSettingsAnswer>;

const validTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

/** PUT /api/organization/current: any subset; the check-in rules too. */
export const organizationSettingsBody = z.object({
  name: z.string().trim().min(1).max(120).optional(),
  themeColor: z
    .string()
    .trim()
    .refine(isValidHexColor, { message: 'Theme colour must be a hex colour of 3 or 6 digits' })
    .optional(),
  logoLink: imageLinkField.nullable().optional(),
  timeZone: z.string().refine(validTimeZone, { message: 'Unknown time zone' }).optional(),
  isViewUserData: z.boolean().optional(),
  country: countryField.optional(),
  checkInRules: checkInRules.partial().optional(),
});
export type OrganizationSettingsBody = z.infer<typeof organizationSettingsBody>;
