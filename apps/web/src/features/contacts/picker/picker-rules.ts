import { CONTACT_MESSAGES } from '../contact-messages';
import type { PickerContact } from '../contacts.types';

// Who a contact picker may take: payroll selection needs a wage type, SMS screens
// refuse contacts who opted out.

export interface PickerRules {
  excludeSmsOptOut?: boolean;
  requireWageType?: boolean;
}

export function lacksWageType(contact: PickerContact): boolean {
  return !contact.salary?.wageType;
}

/** The message that refuses this selection, or null when every candidate may be taken. */
export function pickerRejection(candidates: readonly PickerContact[], rules: PickerRules): string | null {
  if (candidates.length === 0) return null;
  if (rules.requireWageType && candidates.some(lacksWageType)) return CONTACT_MESSAGES.noWageType;
  if (rules.excludeSmsOptOut && candidates.some((c) => c.stopSms)) {
    return candidates.length > 1 ? CONTACT_MESSAGES.smsOptOutMany : CONTACT_MESSAGES.smsOptOut;
  }
  return null;
}

/** The candidates that pass the rules. */
export function allowedContacts(candidates: readonly PickerContact[], rules: PickerRules): PickerContact[] {
  return candidates.filter((c) => pickerRejection([c], rules) === null);
}

/** Chips shown before the rest is summed up as "+N more". */
export const PICKER_VISIBLE_CHIPS = 3;

export function chipSplit<T>(
  items: readonly T[],
  visible = PICKER_VISIBLE_CHIPS,
): { shown: T[]; more: number } {
  return { shown: items.slice(0, visible), more: Math.max(0, items.length - visible) };
}
