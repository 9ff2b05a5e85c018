import { formatDayAt } from '@opsuite/shared';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import type { Mailer } from '../../../lib/mailer.ts';
import { PeriodicJob } from '../../../lib/periodic-job.ts';
import { rows } from '../../../lib/sql.ts';

// The e-mail telling a member that a seat came free and they are booked. A promotion is written
// in the transaction that freed the seat, so it can be rolled back; the e-mail must not be. This
// job reads the promoted entries whose e-mail has not gone out (every few seconds, in every
// organisation), claims a batch by setting notified_at (SKIP LOCKED: two servers never claim the
// same entry), sends, and hands back the ones whose sending failed for the next run.

const BATCH = 50;

interface Claimed {
  organization_id: string;
  id: string;
  email: string | null;
  full_name: string;
  org_name: string;
  title: string;
  date: string;
  start_time: string;
}

export function promotionMail(m: Claimed, appUrl: string) {
  const when = formatDayAt(m.date, m.start_time);
  const first = m.full_name.split(/\s+/)[0] || m.full_name;
  return {
    to: m.email!,
    subject: `You're booked: ${m.title}, ${when}`,
    text: [
      `Hello ${first},`,
      '',
      `A seat came free in ${m.title} on ${when}, and you were first on the waitlist: you are booked.`,
      "If you can't make it, please cancel so the next person in line gets the seat:",
      `${appUrl.replace(/\/+$/, '')}/access-control`,
      '',
      'See you there,',
      m.org_name,
    ].join('\n'),
  };
}

export class WaitlistNotifier {
  private readonly job: PeriodicJob;

  constructor(
    private readonly db: Database,
    private readonly mailer: Mailer,
    private readonly appUrl: string,
    private readonly log: { error(obj: unknown, msg: string): void },
    everyMs = 3_000,
  ) {
    this.job = new PeriodicJob('waitlist e-mails', () => this.run(), log, everyMs);
  }

  start(firstDelayMs = 1_000): void {
    this.job.start(firstDelayMs);
  }

  stop(): Promise<void> {
    return this.job.stop();
  }

  /** Sends what is due; answers how many e-mails went out. */
  async run(): Promise<number> {
    const claimed = await rows<Claimed>(
      this.db,
      sql`with due as (
            select organization_id, id from booking_waitlist
            where status = 'promoted' and notified_at is null
            order by promoted_at limit ${BATCH}
            for update skip locked),
          marked as (
            update booking_waitlist w set notified_at = now()
            from due where w.organization_id = due.organization_id and w.id = due.id
            returning w.organization_id, w.id, w.contact_id, w.slot_id)
          select m.organization_id, m.id, c.email, c.full_name, o.name as org_name, bt.title,
            to_char(s.date, 'YYYY-MM-DD') as date, s.start_time
          from marked m
          join contacts c on c.organization_id = m.organization_id and c.id = m.contact_id
          join organizations o on o.id = m.organization_id
          join booking_slots s on s.organization_id = m.organization_id and s.id = m.slot_id
          join booking_types bt on bt.organization_id = s.organization_id and bt.id = s.booking_type_id`,
    );
    let sent = 0;
    const failed: Claimed[] = [];
    for (const m of claimed) {
      if (!m.email) continue;
      try {
        await this.mailer.send(promotionMail(m, this.appUrl));
        sent++;
      } catch (err) {
        this.log.error({ err }, 'waitlist e-mail not sent; it is tried again');
        failed.push(m);
      }
    }
    if (failed.length > 0) {
      await this.db.execute(
        sql`update booking_waitlist set notified_at = null
            where (organization_id, id) in (select * from unnest(
              ${sql.param(failed.map((f) => f.organization_id))}::uuid[], ${sql.param(failed.map((f) => f.id))}::uuid[]))`,
      );
    }
    return sent;
  }
}
