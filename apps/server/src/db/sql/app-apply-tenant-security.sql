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
