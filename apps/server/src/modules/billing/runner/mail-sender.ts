import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import type { Mailer } from '../../../lib/mailer.ts';
import { rows } from '../../../lib/sql.ts';

// Sends the billing e-mails queued by the changes they tell about. A sender claims a batch for
// a few minutes (claimed_until) in a short transaction and sends with none open, so a slow mail
// server holds no database connection and two senders never send one e-mail twice; a failed
// send is tried again by a later run, up to five times.

const MAX_TRIES = 5;

export async function sendQueuedMails(db: Database, mailer: Mailer, limit = 100): Promise<number> {
  const batch = await rows<{
    organization_id: string;
    id: string;
    to_address: string;
    subject: string;
    body: string;
  }>(
    db,
    sql`update billing_emails e set claimed_until = now() + interval '5 minutes', tries = e.tries + 1
        from (select organization_id, id from billing_emails
              where sent_at is null and tries < ${MAX_TRIES} and (claimed_until is null or claimed_until < now())
              order by created_at limit ${limit} for update skip locked) x
        where e.organization_id = x.organization_id and e.id = x.id
        returning e.organization_id, e.id, e.to_address, e.subject, e.body`,
  );
  let sent = 0;
  for (const mail of batch) {
    try {
      await mailer.send({ to: mail.to_address, subject: mail.subject, text: mail.body });
      await db.execute(sql`update billing_emails set sent_at = now(), claimed_until = null, last_error = null
        where organization_id = ${mail.organization_id} and id = ${mail.id}`);
      sent++;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await db.execute(sql`update billing_emails set claimed_until = null, last_error = ${message.slice(0, 500)}
        where organization_id = ${mail.organization_id} and id = ${mail.id}`);
    }
  }
  return sent;
}
