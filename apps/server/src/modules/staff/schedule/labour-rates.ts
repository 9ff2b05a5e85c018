import { type SQL, sql } from 'drizzle-orm';

// Where the schedule's labour cost takes an employee's hourly rate from. Payroll knows wages but
// sits above staff (it reads staff's work), so it registers a source here instead of staff
// importing it: a SQL select answering `contact_id, hourly_cents` for the organisation's
// employees who have a wage. Without a source (or without a wage) the employee's own hourly cost
// on their staff record applies, then the shift's first position's rate.

export interface LabourRateSource {
  /** A select of `contact_id uuid, hourly_cents integer`, one row per employee with a wage. */
  wageRatesSql(orgId: string): SQL;
}

let source: LabourRateSource | null = null;

/** Registers (or replaces) the wage source; the answer takes it away again. */
export function registerLabourRateSource(next: LabourRateSource): () => void {
  source = next;
  return () => {
    if (source === next) source = null;
  };
}

export interface WageRow {
  contact_id: string;
  hourly_cents: number | null;
}

/** The registered source's select, or one answering no rows. */
export const wageRatesSql = (orgId: string): SQL =>
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
