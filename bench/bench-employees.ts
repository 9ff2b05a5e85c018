// Employees a bench adds to the large seed's organisation and removes again: users who can sign
// in (the large admin's password), their memberships, employee contacts and role assignments, and
// a year of weekday work history. Each bench gives its own e-mail prefix so two benches never
// touch each other's people.
import type pg from 'pg';
import { LARGE_ADMIN } from '../scripts/seed-large.sql.ts';

const like = (prefix: string) => `${prefix}-%@large.test`;

/** `count` employees `<prefix>-<n>@large.test`, named `<name> 001`...; in the caller's transaction. */
export async function addBenchEmployees(
  client: pg.Client,
  orgId: string,
  o: { prefix: string; name: string; count: number },
) {
  await client.query(
    `insert into users (id, email, password_hash, full_name)
     select gen_random_uuid(), $3 || '-' || n || '@large.test',
       (select password_hash from users where email = $1), $4 || ' ' || lpad(n::text, 3, '0')
     from generate_series(1, $2::int) n`,
    [LARGE_ADMIN, o.count, o.prefix, o.name],
  );
  await client.query(
    `insert into memberships (organization_id, user_id, user_type)
     select $1, id, 'employee' from users where email like $2`,
    [orgId, like(o.prefix)],
  );
  await client.query(
    `insert into contacts (organization_id, id, full_name, email, contact_type_id, user_id)
     select $1, gen_random_uuid(), u.full_name, u.email,
       (select id from contact_types where organization_id = $1 and type = 'employee' limit 1), u.id
     from users u where u.email like $2`,
    [orgId, like(o.prefix)],
  );
  await client.query(
    `insert into role_assignments (organization_id, id, user_id, contact_type_id, contact_id)
     select c.organization_id, gen_random_uuid(), c.user_id, c.contact_type_id, c.id
     from contacts c where c.organization_id = $1 and c.email like $2`,
    [orgId, like(o.prefix)],
  );
}

/** A year of weekdays for each of the prefix's employees: 09:00 (+0-15 min) to 17:00, lunch 12:00-12:30. */
export async function addYearOfWork(client: pg.Client, orgId: string, prefix: string) {
  await client.query(
    `insert into work_histories (organization_id, id, contact_id, description, start_at, end_at, break_times)
     select c.organization_id, gen_random_uuid(), c.id, 'Bench',
       d + time '09:00' + (hashtext(c.id::text || d::text) & 15) * interval '1 minute', d + time '17:00',
       jsonb_build_array(jsonb_build_object('_id', gen_random_uuid(), 'start', to_char(d + time '12:00', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
         'end', to_char(d + time '12:30', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'description', 'Lunch'))
     from contacts c cross join generate_series(current_date - 365, current_date - 1, interval '1 day') d
     where c.organization_id = $1 and c.email like $2 and extract(dow from d) between 1 and 5`,
    [orgId, like(prefix)],
  );
}

/** Removes the prefix's employees; what hangs off their contacts goes with them (foreign keys cascade). */
export async function removeBenchEmployees(client: pg.Client, orgId: string, prefix: string) {
  const bench = `select id from contacts where organization_id = $1 and email like $2`;
  await client.query(`delete from role_assignments where organization_id = $1 and contact_id in (${bench})`, [
    orgId,
    like(prefix),
  ]);
  await client.query('delete from contacts where organization_id = $1 and email like $2', [
    orgId,
    like(prefix),
  ]);
  await client.query(
    'delete from memberships where organization_id = $1 and user_id in (select id from users where email like $2)',
    [orgId, like(prefix)],
  );
  await client.query('delete from users where email like $1', [like(prefix)]);
}
