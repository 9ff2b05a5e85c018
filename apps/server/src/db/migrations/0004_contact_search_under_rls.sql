-- Contact search under row-level security.
--
-- 1. Under a row-level security policy PostgreSQL only lets leakproof functions and operators
--    run before the policy, and only those may be index conditions. lower(text) and text LIKE are
--    not marked leakproof, so as app_user the trigram indexes (name, e-mail, phone fragments) and
--    the lower(email) index could not be used: a search read every contact of the organisation
--    (over a second at a million contacts). Neither can reveal anything about a row: lower() cannot
--    fail on valid text, and LIKE fails only on a malformed pattern, which is the query's own text.
--    Marking them leakproof needs a superuser; without one this step is skipped with a notice and
--    searches stay correct, only slower.
-- 2. The search indexes are partial (live rows only), and the planner takes no statistics from a
--    partial index's expressions, so it guessed how many rows a fragment matches and walked the
--    whole list order for rare fragments. Expression statistics give it real numbers.
DO $$
BEGIN
  IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    ALTER FUNCTION pg_catalog.lower(text) LEAKPROOF;
    ALTER FUNCTION pg_catalog.textlike(text, text) LEAKPROOF;
  ELSE
    RAISE NOTICE 'not a superuser: lower() and LIKE stay non-leakproof, contact searches will not use their indexes';
  END IF;
END $$;
--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS contacts_name_lower_stats ON (lower(full_name)) FROM contacts;
--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS contacts_email_lower_stats ON (lower(email)) FROM contacts;
