// The statements of npm run seed:large (scripts/seed-large.ts): every row is made inside the
// database from generate_series and a hash of the row number, so the data is the same on every run.
import { defaultContactTypes } from '../apps/server/src/modules/contacts/settings/type-defaults.ts';
import {
  DEFAULT_PLAN,
  DEFAULT_PLAN_PERMISSIONS,
} from '../apps/server/src/modules/organizations/organizations.defaults.ts';
import { DEFAULT_ROLE_GRANTS } from '../apps/server/src/modules.ts';

export const SERVER = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
export const DB_NAME = process.env.SEED_LARGE_DB ?? 'opsuite_large';
export const BIG_ORG = 'Large Fitness';
export const LARGE_ADMIN = 'admin@large.test';
export const LARGE_PASSWORD = 'large1234';
export const TOTAL = Number(process.env.SEED_LARGE_CONTACTS ?? 1_000_000);
export const SMALL_ORGS = 1_000;
export const CHUNK = 100_000;
export const TAGS = [
  'VIP',
  'New',
  'Trial',
  'Referral',
  'Family',
  'Student',
  'Senior',
  'Corporate',
  'Kids',
  'Yoga',
  'Boxing',
  'Swim',
];
const LEAD_SOURCES = ['Walk-in', 'Website', 'Facebook', 'Instagram', 'Google', 'Referral', 'Flyer', 'Event'];
const STAGES = ['New lead', 'Contacted', 'Trial booked', 'Trial done', 'Won', 'Lost'];

const FIRST =
  `Olivia Liam Emma Noah Ava Elijah Sophia James Isabella William Mia Benjamin Charlotte Lucas Amelia Henry
Harper Theodore Evelyn Jack Abigail Levi Emily Alexander Ella Jackson Elizabeth Mateo Camila Daniel Luna Michael Sofia Mason
Avery Sebastian Mila Ethan Aria Logan Scarlett Owen Penelope Samuel Layla Jacob Chloe Asher Victoria Aiden Madison John
Eleanor Joseph Grace Wyatt Nora David Riley Leo Zoey Luke Hannah Julian Hazel Hudson Lily Grayson Ellie Matthew Violet Ezra
Lillian Gabriel Zoe Carter Stella Isaac Aurora Jayden Natalie Luca Emilia Anthony Everly Dylan Leah Lincoln Aubrey Thomas
Willow Maverick Addison Elias Lucy Josiah Audrey Charles Bella Caleb Nova Christopher Brooklyn Ezekiel Paisley Miles Skylar
Jaxon Claire Isaiah Savannah Andrew Anna Joshua Caroline Nathan Genesis Nolan Aaliyah Adrian Kennedy Cameron Kinsley
Santiago Allison Eli Maya Aaron Sarah Ryan Madelyn Angel Adeline Cooper Alexa Waylon Ariana Easton Elena Kai Gabriella
Christian Naomi Landon Alice Colton Sadie Roman Hailey Axel Eva Brooks Emery Jonathan Autumn Robert Quinn Jameson Nevaeh
Ian Piper Everett Ruby Greyson Serenity Wesley Aaliyah Jeremiah Ivy Hunter Jade Leonardo Priya Diego Mei Omar Fatima Raj
Yusuf Aisha Kenji Sakura Mateus Ines Tariq Zara Dmitri Anya Kwame Amara Sven Freya Pablo Lucia Hamza Leila`
    .split(/\s+/)
    .filter(Boolean);
const LAST =
  `Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez Wilson
Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis Robinson Walker Young
Allen King Wright Scott Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Gomez
Phillips Evans Turner Diaz Parker Cruz Edwards Collins Reyes Stewart Morris Morales Murphy Cook Rogers Gutierrez Ortiz Morgan
Cooper Peterson Bailey Reed Kelly Howard Ramos Kim Cox Ward Richardson Watson Brooks Chavez Wood James Bennett Gray Mendoza
Ruiz Hughes Price Alvarez Castillo Sanders Patel Myers Long Ross Foster Jimenez Powell Jenkins Perry Russell Sullivan Bell
Coleman Butler Henderson Barnes Gonzales Fisher Vasquez Simmons Romero Jordan Patterson Alexander Hamilton Graham Reynolds
Griffin Wallace Moreno West Cole Hayes Bryant Herrera Gibson Ellis Tran Medina Aguilar Stevens Murray Ford Castro Marshall
Owens Harrison Fernandez McDonald Woods Washington Kennedy Wells Vargas Henry Chen Freeman Webb Tucker Guzman Burns Crawford
Olson Simpson Porter Hunter Gordon Mendez Silva Shaw Snyder Mason Dixon Munoz Hunt Hicks Holmes Palmer Wagner Black Robertson
Boyd Rose Stone Salazar Fox Warren Mills Meyer Rice Schmidt Garza Daniels Ferguson Nichols Stephens Soto Weaver Ryan Gardner
Payne Grant Dunn Kowalski Novak Yamamoto Tanaka Okafor Mensah Haddad Nakamura Larsen Johansson Rossi Bianchi Dubois`
    .split(/\s+/)
    .filter(Boolean);

/** The large seed's database on the same server as DATABASE_URL. */
export function largeDatabaseUrl(server = SERVER, name = DB_NAME): string {
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

const sqlText = (list: string[]) => `array[${list.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]`;

/** Tags, lead sources and stages of the big organisation ($1 org, $2 tag names as JSON). */
export function tagsSql(): string {
  return `
    with t as (
      insert into tags (organization_id, id, name)
      select $1, gen_random_uuid(), n from jsonb_array_elements_text($2::jsonb) n
      on conflict do nothing returning id
    ), s as (
      insert into lead_sources (organization_id, id, name)
      select $1, gen_random_uuid(), n from unnest(${sqlText(LEAD_SOURCES)}) n
      on conflict do nothing returning id
    )
    insert into stages (organization_id, id, name, sort_order)
    select $1, gen_random_uuid(), n, o from unnest(${sqlText(STAGES)}) with ordinality as x(n, o)
    where not exists (select 1 from stages where organization_id = $1)`;
}

/**
 * Contacts number $2 to $3 of organisation $1 (created by user $4), with their tags. About 90%
 * have an e-mail and 85% a phone; 10% are former members, 3% past due and 1% frozen.
 */
export function contactsChunkSql(): string {
  const first = FIRST.length;
  const last = LAST.length;
  const h = (salt: number) => `(hashint8(g::bigint * 31 + ${salt})::bigint & 2147483647)`;
  return `
    with lookups as (
      select
        (select array_agg(id order by name) from tags where organization_id = $1) as tag_ids,
        (select array_agg(id order by name) from lead_sources where organization_id = $1) as source_ids,
        (select array_agg(id order by sort_order) from stages where organization_id = $1) as stage_ids,
        (select id from contact_types where organization_id = $1 and type = 'client' limit 1) as client_type,
        (select id from contact_types where organization_id = $1 and type = 'lead' limit 1) as lead_type,
        (select id from contact_types where organization_id = $1 and type = 'employee' limit 1) as staff_type
    ), r as (
      select g, gen_random_uuid() as id, ${h(1)} as a, ${h(2)} as b, ${h(3)} as c,
             (${sqlText(FIRST)})[1 + ${h(4)} % ${first}] as first_name,
             (${sqlText(LAST)})[1 + ${h(5)} % ${last}] as last_name
      from generate_series($2::int, $3::int) g
    ), saved as (
      insert into contacts (organization_id, id, full_name, first_name, last_name, email, phone, status, is_former,
        contact_type_id, stage_id, lead_source_id, punch_id, birthday, last_contacted_at,
        payment_status, plan, created_by, created_at, updated_at)
      select $1, r.id, r.first_name || ' ' || r.last_name, r.first_name, r.last_name,
        case when r.b % 10 < 9 then lower(r.first_name) || '.' || lower(r.last_name) || r.g || '@' ||
          (array['gmail.com','yahoo.com','outlook.com','icloud.com','hotmail.com','proton.me','aol.com','fastmail.com'])[1 + r.c % 8] end,
        case when r.c % 20 < 17 then '+1 (' || (201 + r.a % 798) || ') ' || lpad((r.b % 1000)::text, 3, '0') || '-' ||
          lpad((r.g % 10000)::text, 4, '0') end,
        case when r.b % 100 < 12 then 'inactive' else 'active' end,
        r.b % 100 < 10,
        case when r.a % 100 < 82 then l.client_type when r.a % 100 < 97 then l.lead_type else l.staff_type end,
        case when r.c % 10 < 4 then l.stage_ids[1 + r.a % array_length(l.stage_ids, 1)] end,
        case when r.c % 10 < 6 then l.source_ids[1 + r.b % array_length(l.source_ids, 1)] end,
        lpad(r.g::text, 10, '0'),
        date '1950-01-01' + (r.c % 21900)::int,
        case when r.b % 2 = 0 then now() - (r.c % 31536000) * interval '1 second' end,
        case when r.c % 100 < 3 then 'past_due' when r.c % 100 = 3 then 'frozen' else 'none' end,
        case when r.a % 10 < 7 then (array['Basic','Silver','Gold','Platinum'])[1 + r.c % 4] end,
        $4::uuid,
        now() - (r.a % 157680000) * interval '1 second',
        now() - (r.a % 157680000) * interval '1 second' + interval '1 hour'
      from r cross join lookups l
      returning id
    ), attended as (
      -- Last Attended for 70%; the contacts' insert trigger adds the others' rows (empty).
      insert into contact_answers (organization_id, contact_id, last_attended_at)
      select $1, r.id, now() - (r.b % 31536000) * interval '1 second'
      from saved s join r on r.id = s.id where r.a % 10 < 7
    )
    -- Reading saved inserts each contact before its tags, so the tag rows' trigger finds the
    -- contact's state at once (otherwise tag_counts' insert trigger corrects them afterwards).
    insert into contact_tags (organization_id, contact_id, tag_id)
    select $1, r.id, t.tag_id from saved s join r on r.id = s.id cross join lookups l
    cross join lateral (
      select l.tag_ids[1 + r.a % 12] as tag_id where r.b % 2 = 0
      union
      select l.tag_ids[1 + r.c % 12] where r.b % 6 = 0
    ) t`;
}

/** $1 small organisations, each with its default contact types and 20 to 99 contacts. */
export function smallOrgsSql(): string {
  const types = JSON.stringify(defaultContactTypes(DEFAULT_ROLE_GRANTS).map((t, i) => ({ ...t, ord: i })));
  const lit = (v: unknown) => `'${JSON.stringify(v).replace(/'/g, "''")}'::jsonb`;
  return `
    with o as (
      insert into organizations (id, name, time_zone, plan, permissions)
      select gen_random_uuid(), 'Small Org ' || lpad(i::text, 4, '0'), 'UTC', ${lit(DEFAULT_PLAN)}, ${lit(DEFAULT_PLAN_PERMISSIONS)}
      from generate_series(1, $1::int) i
      where not exists (select 1 from organizations where name = 'Small Org ' || lpad(i::text, 4, '0'))
      returning id, name
    ), t as (
      insert into contact_types (organization_id, id, name, type, permissions, is_system, sort_order)
      select o.id, gen_random_uuid(), d.name, d.type, d.permissions, true, d.ord
      from o cross join jsonb_to_recordset(${lit(JSON.parse(types))}) as d(name text, type text, permissions jsonb, ord int)
    )
    insert into contacts (organization_id, id, full_name, email, phone, created_at)
    select o.id, gen_random_uuid(), 'Member ' || n || ' of ' || o.name,
           'm' || n || '@' || replace(lower(o.name), ' ', '') || '.test',
           '+1 555 ' || lpad(n::text, 7, '0'),
           now() - n * interval '1 day'
    from o cross join lateral generate_series(1, 20 + (hashtext(o.name)::bigint & 2147483647)::int % 80) n`;
}

export const HISTORY_DAYS = 90;
/** The class types of the big organisation's history (one class type per hour, in turn). */
const CLASS_TYPES = ['Fundamentals', 'Advanced', 'Kids', 'Open Mat'];

/** Classes run every hour from 6:00, the last starting at 20:00: so many a day. */
const FIRST_HOUR = 6;
const CLASS_HOURS = 15;

/**
 * The big organisation's class history ($1 org, $2 days, $3 time zone): four class types, 15
 * classes a day (06:00 to 21:00) for the $2 days before today, and one completed kiosk booking
 * for every second member in one of those classes (about 370 a class), with each class's
 * counters matching its bookings (each member's class is picked by a hash of the member's
 * code modulo the number of classes, a constant so the join can hash). A business of this size has such a history, and the planner
 * sees real booking tables instead of empty ones.
 */
export function classHistorySql(): string {
  return `
    with types as (
      insert into booking_types (organization_id, id, title, label, value, program_name, color, kind)
      select $1, gen_random_uuid(), t, t, t, 'Seed classes', 'Default', 'class'
      from unnest(${sqlText(CLASS_TYPES)}) t
      returning id, title
    ), ordered as (
      select id, row_number() over (order by title) - 1 as n from types
    ), slots as (
      insert into booking_slots (organization_id, id, booking_type_id, date, start_time, end_time,
                                 starts_at, ends_at, type)
      select $1, gen_random_uuid(), o.id, d::date, lpad(h::text, 2, '0') || ':00', lpad((h + 1)::text, 2, '0') || ':00',
             (d::date + make_time(h, 0, 0)) at time zone $3, (d::date + make_time(h + 1, 0, 0)) at time zone $3, 'class'
      from generate_series(current_date - $2::int, current_date - 1, interval '1 day') d
      cross join generate_series(${FIRST_HOUR}, ${FIRST_HOUR + CLASS_HOURS - 1}) h
      join ordered o on o.n = h % ${CLASS_TYPES.length}
      returning id, booking_type_id, starts_at, ends_at
    ), numbered as (
      select s.*, row_number() over (order by s.starts_at, s.id) - 1 as n from slots s
    )
    insert into bookings (organization_id, id, contact_id, slot_id, booking_type_id, status, attend_date,
                          type, is_deleted, start_date, end_date, source)
    select $1, gen_random_uuid(), c.id, s.id, s.booking_type_id, 'completed', s.starts_at + interval '5 minutes',
           'class', false, s.starts_at, s.ends_at, 'kiosk'
    from contacts c
    join numbered s on s.n = (hashint8(c.punch_id::bigint) & 2147483647) % ($2::int * ${CLASS_HOURS})
    where c.organization_id = $1 and c.deleted_at is null and c.punch_id::bigint % 2 = 0`;
}

/** Each class's booked and attended counts from its bookings ($1 org). */
export const CLASS_COUNTS_SQL = `
  update booking_slots s set booked_count = x.n, attended_slots = x.n
  from (select slot_id, count(*)::int as n from bookings where organization_id = $1 group by slot_id) x
  where s.organization_id = $1 and s.id = x.slot_id`;
