-- Tips need the tips permission now (they used payroll's): the default Employee role no longer
-- reads them. Take the default read-only tips rule off existing Employee roles; a rule an admin
-- set differently stays.
UPDATE "contact_types" SET "permissions" = (
  SELECT coalesce(jsonb_agg(r), '[]'::jsonb) FROM jsonb_array_elements("permissions") r
  WHERE r->>'resource' <> 'tips'
)
WHERE "type" = 'employee'
  AND "permissions" @> '[{"resource":"tips","read":true,"write":false,"update":false,"delete":false}]'::jsonb;
