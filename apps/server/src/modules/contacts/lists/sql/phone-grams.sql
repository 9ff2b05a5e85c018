-- Phone search by digit fragments. Trigrams over digits are poor keys (only 1,000 of them, each
-- shared by ~1% of a million numbers), so a 7-digit search read ~360 index pages (~15 ms). The
-- 4-digit windows of a number (10,000 keys) narrow it to a few rows: the contacts index on
-- phone_grams(phone_digits) answers `phone_grams(phone_digits) @> phone_grams(fragment)`, and
-- `phone_digits LIKE '%fragment%'` then checks the digits are contiguous.
CREATE OR REPLACE FUNCTION phone_grams(digits text) RETURNS int[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT substr(digits, i, 4)::int), '{}')
  FROM generate_series(1, length(digits) - 3) AS i
$$;

-- As with lower() and LIKE (migration 0004): only leakproof functions may be index conditions
-- under row-level security. Neither can reveal anything about a row: phone_grams reads digits
-- only, and array containment cannot fail on two integer arrays. Needs a superuser. CREATE OR
-- REPLACE takes LEAKPROOF away again, so this goes with every migration that replaces the function.
DO $$
BEGIN
  IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    ALTER FUNCTION phone_grams(text) LEAKPROOF;
    ALTER FUNCTION pg_catalog.arraycontains(anyarray, anyarray) LEAKPROOF;
  ELSE
    RAISE NOTICE 'not a superuser: phone_grams and @> stay non-leakproof, phone searches will not use their index';
  END IF;
END $$;
