-- The answer of each listed contact of one organisation (ContactAnswer in
-- packages/shared/src/contracts/contacts.ts, lastAttendedAt aside), as JSON text. A contact's tags
-- come in name order; each tag link looks its tag up. A change to the answer's shape also moves
-- every organisation's epoch on (contact_answer_epochs): add that statement to the migration
-- npm run db:sql writes from this file.
CREATE OR REPLACE FUNCTION contact_answer_bodies(p_org uuid, p_ids uuid[])
RETURNS TABLE (contact_id uuid, body text) LANGUAGE sql STABLE AS $$
  SELECT c.id, row_to_json(r)::text
  FROM contacts c
  LEFT JOIN contact_types ct ON ct.organization_id = c.organization_id AND ct.id = c.contact_type_id
  LEFT JOIN stages st ON st.organization_id = c.organization_id AND st.id = c.stage_id
  LEFT JOIN lead_sources ls ON ls.organization_id = c.organization_id AND ls.id = c.lead_source_id
  CROSS JOIN LATERAL (SELECT
    c.id AS "_id", c.full_name AS "fullName", c.first_name AS "firstName", c.last_name AS "lastName",
    c.email, c.phone, c.photo, c.status, c.is_former AS "isFormer",
    c.contact_type_id AS "contactTypeId",
    (SELECT row_to_json(x) FROM (SELECT ct.id AS "_id", ct.name, ct.type WHERE ct.id IS NOT NULL) x) AS "contactType",
    c.stage_id AS "stageId",
    (SELECT row_to_json(x) FROM (SELECT st.id AS "_id", st.name WHERE st.id IS NOT NULL) x) AS stage,
    c.lead_source_id AS "leadSourceId",
    (SELECT row_to_json(x) FROM (SELECT ls.id AS "_id", ls.name WHERE ls.id IS NOT NULL) x) AS "leadSource",
    c.rank_id AS "rankId",
    CASE WHEN c.rank_id IS NULL THEN NULL ELSE (SELECT row_to_json(x) FROM (
       SELECT r.id AS "_id", r.name AS "rankName", r.image AS "rankImage", r.category_id AS "categoryId",
         rc.name AS "categoryName"
       FROM client_ranks r
       JOIN rank_categories rc ON rc.organization_id = r.organization_id AND rc.id = r.category_id
       WHERE r.organization_id = c.organization_id AND r.id = c.rank_id) x) END AS "currentRank",
    coalesce((
      SELECT json_agg(x ORDER BY lower(x.name), x."_id") FROM (
        SELECT t.id AS "_id", t.name, t.color
        FROM contact_tags ctg CROSS JOIN LATERAL (
          SELECT t.id, t.name, t.color FROM tags t
          WHERE t.organization_id = ctg.organization_id AND t.id = ctg.tag_id OFFSET 0) t
        WHERE ctg.organization_id = c.organization_id AND ctg.contact_id = c.id) x
    ), '[]'::json) AS tags,
    c.punch_id AS "punchId", c.billing_address AS "billingAddress",
    to_char(c.birthday, 'YYYY-MM-DD') AS birthday,
    to_char(c.last_contacted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "lastContactedAt",
    c.payment_status AS "paymentStatus", c.plan, c.stop_sms AS "stopSms",
    coalesce(c.custom_fields, '{}'::jsonb) AS "customFields", c.user_id AS "userId", c.created_by AS "createdBy",
    to_char(c.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAt",
    to_char(c.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "updatedAt") r
  WHERE c.organization_id = p_org AND c.id = ANY (p_ids)
$$;
