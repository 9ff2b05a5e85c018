-- Written by `npm run db:sql` from the source files of the functions and triggers it changes:
-- Edit those files and run it again rather than these statements (data changes that go with
-- them, such as moving the answer epochs on, may be added below).
-- No source file defines trigger staff_contact_renamed any more.
DROP TRIGGER IF EXISTS "staff_contact_renamed" ON "contacts";
--> statement-breakpoint
-- No source file defines function staff_contact_renamed any more.
DROP FUNCTION IF EXISTS staff_contact_renamed();
