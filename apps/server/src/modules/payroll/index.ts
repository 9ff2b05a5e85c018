// Payroll: employee salaries (one per contact), the organisation's pay cycle, the pending list of
// the current period computed from staff's confirmed work history and booking's classes taught,
// pay runs (one per period, idempotent), off-cycle runs, reports, CSV export and pay stubs.
// Tips (tips/): locations, daily tips, tip pools and the tip share, whose card tips go into pay
// lines. Owns employee_salaries, payroll_settings, payroll_runs, payroll_slips and the tip_*,
// daily_tips tables. Depends on organizations, contacts, booking's slots (plain selects) and
// staff through its exports: the payable sessions (staff's rule for confirmed work) and positions;
// staff's tables are referenced only as foreign keys.
// Other modules use only what this file exports.
import type { App } from '../../plugins/types.ts';
import { registerContactHooks } from '../contacts/index.ts';
import { registerLabourRateSource, registerWorkLock } from '../staff/index.ts';
import { payrollContactHooks } from './merge.ts';
import { lockPaidDaysShared } from './open-from.ts';
import { payrollRoutes } from './payroll.routes.ts';
import { payrollOpenFrom } from './runs.service.ts';
import { salaryRoutes } from './salary.routes.ts';
import { tipsRoutes } from './tips/tips.routes.ts';
import { wageRatesSqlOf } from './wage-rates.ts';

export { type PayrollDemoOptions, seedPayrollDemo } from './demo.ts';
export { payrollOpenFrom } from './runs.service.ts';
// The POS module implements TipsPosSource and registers it: "sync tip share with the POS" reads it.
export { type PosCardTips, registerTipsPosSource, type TipsPosSource } from './tips/pos-source.ts';

export function register(app: App) {
  registerContactHooks(app, 'payroll', payrollContactHooks);
  // Paid time stays as paid: staff refuses edits before the first day no completed run covers.
  // The edit holds the paid-days lock shared until it commits and a run takes it exclusively, so
  // an edit racing a run is either in the run or sees its period paid (never kept unpaid).
  registerWorkLock(app, 'payroll', async (tx, orgId) => {
    await lockPaidDaysShared(tx, orgId);
    return payrollOpenFrom(tx, orgId);
  });
  // The schedule's labour cost uses the wage payroll pays (a salary as its hourly equivalent).
  registerLabourRateSource(app, { wageRatesSql: wageRatesSqlOf });
  salaryRoutes(app);
  payrollRoutes(app);
  tipsRoutes(app);
}
