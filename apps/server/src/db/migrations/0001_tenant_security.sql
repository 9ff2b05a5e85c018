-- Extensions and the non-superuser role that tenant transactions switch to. drizzle-kit emits
-- neither, so they live in this hand-written migration.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'app_user') THEN
    CREATE ROLE app_user NOLOGIN;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL; -- another database on the same server created it at the same moment
END $$;
--> statement-breakpoint
-- Row-level security for every tenant table: any table with an organization_id column (and the
-- organizations table itself) is forced under a policy bound to app.org_id. The migrator calls
-- this after every run, so tables added by later migrations are covered without extra steps.
CREATE OR REPLACE FUNCTION app_apply_tenant_security() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  t record;
  key_column text;
BEGIN
  EXECUTE 'GRANT USAGE ON SCHEMA public TO app_user';
  EXECUTE 'GRANT SELECT ON users TO app_user';
  FOR t IN
    SELECT c.relname AS name
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind = 'r'
      AND (c.relname = 'organizations' OR EXISTS (
        SELECT 1 FROM pg_attribute a
        WHERE a.attrelid = c.oid AND a.attname = 'organization_id' AND NOT a.attisdropped))
  LOOP
    key_column := CASE WHEN t.name = 'organizations' THEN 'id' ELSE 'organization_id' END;
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t.name);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t.name);
    IF NOT EXISTS (SELECT 1 FROM pg_policies WHERE schemaname = 'public' AND tablename = t.name
                   AND policyname = 'tenant_isolation') THEN
      EXECUTE format(
        'CREATE POLICY tenant_isolation ON %I USING (%I = NULLIF(current_setting(''app.org_id'', true), '''')::uuid) '
        'WITH CHECK (%I = NULLIF(current_setting(''app.org_id'', true), '''')::uuid)',
        t.name, key_column, key_column);
    END IF;
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %I TO app_user', t.name);
  END LOOP;
END $$;
--> statement-breakpoint
SELECT app_apply_tenant_security();
