import { centsToAmount, minutesToHours } from '@opsuite/shared';

/** Cents shown as dollars with thousands separators, exactly (no float arithmetic). */
export function money(cents: number): string {
  const [whole = '0', part = '00'] = centsToAmount(Math.abs(cents)).split('.');
  return `${cents < 0 ? '-' : ''}$${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${part}`;
}

export const hours = minutesToHours;

export const SOURCE_LABEL: Record<string, string> = {
  work_history: 'Work history',
  classes: 'Classes taught',
  salary: 'Salary',
  off_cycle: 'Off-cycle',
};

export const WAGE_LABEL: Record<string, string> = {
  hourly: 'Hourly',
  salaried: 'Salaried',
  per_class: 'Per class',
  none: 'No wage type',
};
