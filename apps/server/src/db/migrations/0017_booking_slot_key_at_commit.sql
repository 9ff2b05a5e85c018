-- A booking's class (booking_slots row) is checked when the booking's transaction commits, not
-- when the booking is inserted. Checked at once, every check-in into a class takes a key-share
-- lock on the class row while other check-ins update that same row's attendance counter, so
-- PostgreSQL records each lock in a multixact; with 50 kiosks checking members into one class,
-- reading those multixacts was 9% of the database's CPU and the top wait. Checked at commit, the
-- check-in already holds the row's update lock from its counter update, and the check adds
-- nothing. Bench (50 kiosks, one class, 1M contacts): 330-354 to 397-456 check-ins a second,
-- database CPU 3.1-3.4 to 2.3-2.5 ms a check-in.
-- Every writer of bookings still reads the class first (it must exist and not be deleted), so a
-- missing class is answered as before; only a class deleted for good at the same moment now fails
-- at commit instead of at the insert.
ALTER TABLE "bookings" ALTER CONSTRAINT "bookings_organization_id_slot_id_booking_slots_organization_id_"
  DEFERRABLE INITIALLY DEFERRED;
