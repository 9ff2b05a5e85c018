-- Phones are stored in one form, E.164 (+15550109999), read with the organisation's country as the
-- region of a number typed without a country code. Every organisation so far is in the US (the
-- country's default), so the stored numbers whose reading is unambiguous there are rewritten:
-- a number typed with a plus keeps its country code (only its formatting goes), ten digits are a
-- US number (+1), eleven digits starting with 1 already carry it. Anything else (extensions,
-- letters, other lengths) stays as it was typed.
with typed as (
  select c.organization_id, c.id, c.phone, regexp_replace(c.phone, '[^0-9]', '', 'g') as digits
  from contacts c
  join organizations o on o.id = c.organization_id
  where o.country = 'US' and c.phone is not null and c.phone ~ '^\s*\+?[0-9 ().-]+\s*$'
),
normalised as (
  select organization_id, id, phone,
    case
      when phone ~ '^\s*\+' and length(digits) between 8 and 15 then '+' || digits
      when phone !~ '^\s*\+' and length(digits) = 10 then '+1' || digits
      when phone !~ '^\s*\+' and length(digits) = 11 and digits like '1%' then '+' || digits
    end as e164
  from typed
)
update contacts c set phone = n.e164, updated_at = now()
from normalised n
where c.organization_id = n.organization_id and c.id = n.id and n.e164 is not null and c.phone <> n.e164;
