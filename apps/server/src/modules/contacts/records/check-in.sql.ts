// The parts of the kiosk check-in that write contacts' tables, as SQL text for booking to put
// into its one statement (the check-in is the hot path: one statement, one round trip). Each
// builds a CTE body from the caller's SQL expressions: its placeholders ($1...), its CTE names.

/**
 * Moves contact `contact`'s Last Attended (contact_answers) to now() when `when` holds, never
 * backwards. Answers one row when it did.
 */
export function lastAttendedNowSql(o: { org: string; contact: string; when: string }): string {
  return `update contact_answers c set last_attended_at = now()
    where c.organization_id = ${o.org} and c.contact_id = ${o.contact} and ${o.when}
      and (c.last_attended_at is null or c.last_attended_at < now())
    returning 1`;
}

/**
 * The contact's timeline entry of a check-in (what recordActivity writes), one row from `from`
 * (a FROM clause with any WHERE, which the entry's expressions read).
 */
export function checkInActivitySql(o: {
  org: string;
  id: string;
  contact: string;
  title: string;
  data: string;
  actor: string;
  from: string;
}): string {
  return `insert into contact_activities (organization_id, id, contact_id, kind, title, data, actor_user_id)
    select ${o.org}, ${o.id}, ${o.contact}, 'check-in', ${o.title}, ${o.data}, ${o.actor}
    ${o.from}
    limit 1`;
}
