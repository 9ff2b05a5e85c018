-- The kiosk looks members up by their check-in code left-padded with zeros to 10 characters
-- (core §5). It compares the punch id with the few values the padded code can stand for
-- ('0000001234', '000001234' … '1234'), which the unique index contacts_org_punch_uq serves
-- under row-level security; an index on lpad(punch_id, …) could not be used there, because
-- lpad() is not leakproof. So this migration adds nothing; it stays to keep the numbering.
SELECT 1;
