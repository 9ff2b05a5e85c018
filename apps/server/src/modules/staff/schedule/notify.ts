import type { Mail, Mailer } from '../../../lib/mailer.ts';

// E-mails of the schedule (publishing, trades, requests) are gathered while the transaction runs
// and sent once it has committed, so nobody hears of a change that was rolled back.

export class Outbox {
  readonly mails: Mail[] = [];

  add(to: string | null | undefined, subject: string, lines: string[]): void {
    if (!to) return;
    this.mails.push({ to, subject, text: lines.join('\n') });
  }

  /** Sends everything; answers how many went. A failure is logged, not thrown, unless `strict`. */
  async send(
    mailer: Mailer,
    log: { error(obj: unknown, msg: string): void },
    strict = false,
  ): Promise<number> {
    let sent = 0;
    for (const mail of this.mails) {
      try {
        await mailer.send(mail);
        sent += 1;
      } catch (err) {
        if (strict) throw err;
        log.error({ err }, 'staff: sending a schedule e-mail failed');
      }
    }
    return sent;
  }
}
