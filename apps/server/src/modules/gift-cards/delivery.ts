import { formatGiftCardCode } from '@opsuite/shared';
import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { tenantJoin } from '../../db/tenant.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { PeriodicJob } from '../../lib/periodic-job.ts';
import { organizations } from '../organizations/organizations.tables.ts';
import { giftCards, giftCardTemplates } from './gift-cards.tables.ts';
import type { GiftCardLinks } from './public-link.ts';

// Gift card e-mails: a card with a delivery day is e-mailed to its recipient once that day has
// begun in the organisation's zone. Every minute the job claims the cards due (FOR UPDATE SKIP
// LOCKED, so two servers never claim the same card) by marking them sent in one statement, sends
// with no transaction open, and puts back on the schedule the ones whose sending failed.

const BATCH = 50;

export interface DueCard {
  organizationId: string;
  id: string;
  code: string;
  recipientName: string;
  recipientEmail: string | null;
  message: string | null;
  balanceCents: number;
  orgName: string;
  templateName: string | null;
}

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export function giftCardMail(card: DueCard, appUrl: string, publicPath: string) {
  const first = card.recipientName.split(/\s+/)[0] || card.recipientName;
  const amount = money.format(card.balanceCents / 100);
  return {
    to: card.recipientEmail!,
    subject: `Your ${amount} gift card from ${card.orgName}`,
    text: [
      `Hello ${first},`,
      '',
      `You have received a ${amount} ${card.templateName ? `"${card.templateName}" ` : ''}gift card from ${card.orgName}.`,
      ...(card.message ? ['', card.message] : []),
      '',
      `Your gift card code: ${formatGiftCardCode(card.code)}`,
      `See the card and its balance: ${appUrl.replace(/\/+$/, '')}${publicPath}`,
      '',
      'Enjoy,',
      card.orgName,
    ].join('\n'),
  };
}

export class GiftCardDelivery {
  private readonly job: PeriodicJob;

  constructor(
    private readonly db: Database,
    private readonly mailer: Mailer,
    private readonly links: GiftCardLinks,
    private readonly appUrl: string,
    private readonly log: { error(obj: unknown, msg: string): void },
    everyMs = 60_000,
  ) {
    this.job = new PeriodicJob('gift card e-mails', () => this.run(), log, everyMs);
  }

  start(firstDelayMs = 5_000): void {
    this.job.start(firstDelayMs);
  }

  stop(): Promise<void> {
    return this.job.stop();
  }

  /** Sends what is due; answers how many e-mails went out. */
  async run(now: Date = new Date()): Promise<number> {
    const c = giftCards;
    const due = this.db
      .select({ organizationId: c.organizationId, id: c.id })
      .from(c)
      .where(and(eq(c.delivery, 'scheduled'), lte(c.deliverAt, now)))
      .orderBy(asc(c.deliverAt))
      .limit(BATCH)
      .for('update', { skipLocked: true })
      .as('due');
    const claimed = await this.db
      .update(c)
      .set({ delivery: 'sent', sentAt: sql`now()` })
      .from(due)
      .where(tenantJoin(c, due, eq(c.id, due.id)))
      .returning({ organizationId: c.organizationId, id: c.id });
    let sent = 0;
    for (const { organizationId, id } of claimed) {
      const [card] = await this.db
        .select({
          organizationId: c.organizationId,
          id: c.id,
          code: c.code,
          recipientName: c.recipientName,
          recipientEmail: c.recipientEmail,
          message: c.message,
          balanceCents: c.balanceCents,
          orgName: organizations.name,
          templateName: giftCardTemplates.name,
        })
        .from(c)
        .innerJoin(organizations, eq(organizations.id, c.organizationId))
        .leftJoin(giftCardTemplates, tenantJoin(giftCardTemplates, c, eq(giftCardTemplates.id, c.templateId)))
        .where(and(eq(c.organizationId, organizationId), eq(c.id, id)));
      if (!card?.recipientEmail) continue;
      try {
        await this.mailer.send(giftCardMail(card, this.appUrl, this.links.path(organizationId, id)));
        sent++;
      } catch (err) {
        this.log.error({ err }, 'gift card e-mail not sent; it is tried again');
        await this.db
          .update(c)
          .set({ delivery: 'scheduled', sentAt: null })
          .where(and(eq(c.organizationId, organizationId), eq(c.id, id)));
      }
    }
    return sent;
  }
}
