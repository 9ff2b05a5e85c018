import { type SQL, sql } from 'drizzle-orm';
import { Seam, type Seams } from '../../../lib/seams.ts';

// Where the schedule's labour cost takes an employee's hourly rate from. Payroll knows wages but
// sits above staff (it reads staff's work), so it registers a source here instead of staff
// importing it: a SQL select answering `contact_id, hourly_cents` for the organisation's
// employees who have a wage. Without a source (or without a wage) the employee's own hourly cost
// on their staff record applies, then the shift's first position's rate.

export interface LabourRateSource {
  /** A select of `contact_id uuid, hourly_cents integer`, one row per employee with a wage. */
  wageRatesSql(orgId: string): SQL;
}

/** Staff's seam: the wage source, on the app (lib/seams.ts); one at most. */
export const LABOUR_RATES = new Seam<LabourRateSource>('labour-rate source');

/** Registers (or replaces) the wage source of `app`. */
export function registerLabourRateSource(
  app: { services: { seams: Seams } },
  source: LabourRateSource,
): void {
  app.services.seams.add(LABOUR_RATES, 'labour-rate source', source);
}

/** The source registered on an app, if any. */
export const labourRateSourceOf = (services: { seams: Seams }): LabourRateSource | undefined =>
  services.seams.one(LABOUR_RATES);

export interface WageRow {
  contact_id: string;
  hourly_cents: number | null;
}

/** The source's select, or one answering no rows without a source. */
export const wageRatesSql = (orgId: string, source: LabourRateSource | undefined): SQL =>
  source?.wageRatesSql(orgId) ?? sql`select null::uuid as contact_id, null::int as hourly_cents where false`;

/** Hourly cents per employee with a wage. */
export const wagesByContact = (list: readonly WageRow[]) =>
  new Map(list.filter((w) => w.hourly_cents !== null).map((w) => [w.contact_id, Number(w.hourly_cents)]));

/**
 * An employee's rate for one shift: their wage, else their own hourly cost, else the shift's
 * first position's rate; null when none applies (the shift costs 0 and the grid says so).
 */
export function labourRate(
  wage: number | undefined,
  own: number | null,
  positionIds: readonly string[],
  positions: ReadonlyMap<string, number | null>,
): number | null {
  return wage ?? own ?? positions.get(positionIds[0] ?? '') ?? null;
}
