// Payroll: salaries, the pending list, pay runs, history and reports.

export { payrollFeature } from './payroll.feature';
