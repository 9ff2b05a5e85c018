import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { tenantJoin } from '../../../db/tenant.ts';
import type { Mailer } from '../../../lib/mailer.ts';
import { billingEmails } from '../charges/charges.tables.ts';

// Sends the billing e-mails queued by the changes they tell about. A sender claims a batch for
// a few minutes (claimed_until) in a short transaction and sends with none open, so a slow mail
// server holds no database connection and two senders never send one e-mail twice; a failed
// send is tried again by a later run, up to five times.

const MAX_TRIES = 5;

export async function sendQueuedMails(db: Database, mailer: Mailer, limit = 100): Promise<number> {
  const e = billingEmails;
  const x = db
    .select({ organizationId: e.organizationId, id: e.id })
    .from(e)
    .where(
      and(
        isNull(e.sentAt),
        lt(e.tries, MAX_TRIES),
        or(isNull(e.claimedUntil), lt(e.claimedUntil, sql`now()`)),
      ),
    )
    .orderBy(asc(e.createdAt))
    .limit(limit)
    .for('update', { skipLocked: true })
    .as('x');
  const batch = await db
    .update(e)
    .set({ claimedUntil: sql`now() + interval '5 minutes'`, tries: sql`${e.tries} + 1` })
    .from(x)
    .where(tenantJoin(e, x, eq(e.id, x.id)))
    .returning({
      organizationId: e.organizationId,
      id: e.id,
      toAddress: e.toAddress,
      subject: e.subject,
      body: e.body,
    });
  let sent = 0;
  for (const mail of batch) {
    try {
      await mailer.send({ to: mail.toAddress, subject: mail.subject, text: mail.body });
      await db
        .update(e)
        .set({ sentAt: sql`now()`, claimedUntil: null, lastError: null })
        .where(and(eq(e.organizationId, mail.organizationId), eq(e.id, mail.id)));
      sent++;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await db
        .update(e)
        .set({ claimedUntil: null, lastError: message.slice(0, 500) })
        .where(and(eq(e.organizationId, mail.organizationId), eq(e.id, mail.id)));
    }
  }
  return sent;
}
