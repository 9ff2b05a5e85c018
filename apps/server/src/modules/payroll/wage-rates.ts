import { sql } from 'drizzle-orm';

// The hourly wage of each employee with one, for staff's schedule labour cost: an hourly wage as
// it is; a yearly salary over 2,080 hours (52 weeks of 40), rounded to the cent. A per-class
// wage has no hourly rate, so the schedule falls back to its own rates for that employee.
export const SALARIED_HOURS_A_YEAR = 2080;

export const wageRatesSqlOf = (orgId: string) =>
  sql`select contact_id,
        case wage_type when 'hourly' then rate_cents
          else round(rate_cents::numeric / ${SALARIED_HOURS_A_YEAR})::int end as hourly_cents
      from employee_salaries
      where organization_id = ${orgId} and wage_type in ('hourly', 'salaried')`;
