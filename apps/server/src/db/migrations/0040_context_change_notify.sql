-- Written by `npm run db:sql` from the source files of the functions and triggers it changes:
--   apps/server/src/db/sql/app-notify-context-change.sql
-- Edit those files and run it again rather than these statements (data changes that go with
-- them, such as moving the answer epochs on, may be added below).
-- A change to what a request's context is read from (a membership, a role assignment, a contact
-- type's name or permissions, an organisation's name, theme, plan, permissions or visibility)
-- tells every API process at commit, on channel tenant_context with the organisation's id, so
-- each drops the contexts it keeps in memory for that organisation. The trigger's argument names
-- the column holding the organisation's id. PostgreSQL sends one notification per organisation
-- and transaction however many rows change (identical payloads are folded).
CREATE OR REPLACE FUNCTION app_notify_context_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF tg_op <> 'INSERT' THEN
    PERFORM pg_notify('tenant_context', to_jsonb(old) ->> tg_argv[0]);
  END IF;
  IF tg_op <> 'DELETE' THEN
    PERFORM pg_notify('tenant_context', to_jsonb(new) ->> tg_argv[0]);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER memberships_notify_context AFTER INSERT OR UPDATE OR DELETE ON memberships
FOR EACH ROW EXECUTE FUNCTION app_notify_context_change('organization_id');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER role_assignments_notify_context AFTER INSERT OR UPDATE OR DELETE ON role_assignments
FOR EACH ROW EXECUTE FUNCTION app_notify_context_change('organization_id');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER contact_types_notify_context
AFTER UPDATE OF name, type, permissions OR DELETE ON contact_types
FOR EACH ROW EXECUTE FUNCTION app_notify_context_change('organization_id');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER organizations_notify_context
AFTER UPDATE OF name, theme_color, logo_link, time_zone, plan, permissions, is_view_user_data OR DELETE
ON organizations
FOR EACH ROW EXECUTE FUNCTION app_notify_context_change('id');
