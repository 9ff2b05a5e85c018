import { addDaysToIsoDate, anchoredMonthDay } from '@opsuite/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../../test/helpers.ts';
import type { Kit } from '../../contacts/contacts.test-kit.ts';
import { billingKit, cards, dayFrom, memberWithCard } from '../billing.test-kit.ts';
import { billingServices } from '../billing-services.ts';
import { sweepBillingStates } from '../billing-state.ts';
import type { BillingRunner } from './runner.ts';

// The job runner with a fake clock: invoices issued on their day in the organisation's zone
// (across a daylight-saving change), proration and the sign-up fee, catching up, never a period
// twice (a zone change, a failed charge), the dunning schedule, freezes thawing by themselves,
// cancellation at period end and a member without a card.

const at = (iso: string) => new Date(iso);

describe(`billing runner (${DB_KIND})`, () => {
  let k: Kit;
  let runner: BillingRunner;
  const invoicesOf = (contactId: string) =>
    k.t.database.query<{
      id: string;
      number: number;
      amount_cents: number;
      period_start: string;
      status: string;
      failed_attempts: number;
      next_attempt_at: string | null;
    }>(
      `select id, number, amount_cents, to_char(period_start, 'YYYY-MM-DD') as period_start, status, failed_attempts,
         next_attempt_at::text from contact_invoices where contact_id = $1 order by period_start, number`,
      [contactId],
    );
  const zone = (timeZone: string) =>
    k.t.database.query('update organizations set time_zone = $1 where id = $2', [timeZone, k.org.id]);
  const contract = async (contactId: string, body: Record<string, unknown>) => {
    const res = await k.admin.call('POST', `/api/contact-contract/${contactId}`, {
      title: 'Club',
      amountCents: 3100,
      billingInterval: 'monthly',
      ...body,
    });
    expect(res.status).toBe(200);
    return res.body.data;
  };

  beforeAll(async () => {
    k = await billingKit();
    runner = billingServices(k.t.app).runner;
  });
  afterAll(() => k.t.close());

  it('issues on its day in the organisation’s zone, prorated to the first bill date, across a clock change', async () => {
    await zone('America/New_York');
    const { contactId } = await memberWithCard(k, 'Zone Member', cards.visa);
    const c = await contract(contactId, {
      startDate: '2031-03-05',
      anchorDay: '2031-04-01',
      signUpFeeCents: 1000,
    });
    const run = (now: Date) => runner.run({ now, contractId: c._id });
    expect(c).toMatchObject({ nextBillDay: '2031-03-05', invoiceCount: 0 });
    // 23:59 on Mar 4 in New York (EST, UTC-5): not yet.
    expect(await run(at('2031-03-05T04:59:00Z'))).toMatchObject({ issued: 0 });
    expect(await run(at('2031-03-05T05:00:00Z'))).toMatchObject({ issued: 1, succeeded: 1 });
    // Mar 5 - Apr 1 is 27 of March's 31 days: 31.00 × 27 / 31 = 27.00, plus the 10.00 fee.
    expect(
      (await invoicesOf(contactId)).map((i) => [i.period_start, Number(i.amount_cents), i.status]),
    ).toEqual([['2031-03-05', 3700, 'paid']]);
    // Clocks went forward on Mar 9: Apr 1 starts at 04:00 UTC (EDT, UTC-4).
    expect(await run(at('2031-04-01T03:59:00Z'))).toMatchObject({ issued: 0 });
    expect(await run(at('2031-04-01T04:00:00Z'))).toMatchObject({ issued: 1 });
    expect((await invoicesOf(contactId)).map((i) => [i.period_start, Number(i.amount_cents)])).toEqual([
      ['2031-03-05', 3700],
      ['2031-04-01', 3100],
    ]);
  });

  it('never issues a period again when the zone changes', async () => {
    const { contactId } = await memberWithCard(k, 'Traveller', cards.visa);
    const c = await contract(contactId, { startDate: '2031-05-10' });
    const run = (now: Date) => runner.run({ now, contractId: c._id });
    await zone('Pacific/Kiritimati'); // UTC+14: May 10 begins at 10:00 UTC on May 9.
    expect(await run(at('2031-05-09T09:59:00Z'))).toMatchObject({ issued: 0 });
    expect(await run(at('2031-05-09T10:00:00Z'))).toMatchObject({ issued: 1 });
    await zone('Pacific/Pago_Pago'); // UTC-11: at this instant it is May 8 there.
    expect(await run(at('2031-05-09T10:00:00Z'))).toMatchObject({ issued: 0 });
    expect(await run(at('2031-05-10T12:00:00Z'))).toMatchObject({ issued: 0 });
    await zone('UTC');
    expect((await invoicesOf(contactId)).map((i) => i.period_start)).toEqual(['2031-05-10']);
    const [first] = await invoicesOf(contactId);
    // The key itself refuses a second invoice of the period, whoever writes it.
    const again = k.t.database.query(
      `insert into contact_invoices (organization_id, id, contact_id, contract_id, number, description, amount_cents,
         due_date, period_start)
       select organization_id, gen_random_uuid(), contact_id, contract_id, 999999, 'x', 1, due_date, period_start
       from contact_invoices where id = $1`,
      [first!.id],
    );
    await expect(again).rejects.toThrow(/contact_invoices_contract_period_uq/);
  });

  it('catches up the periods missed while it was not running', async () => {
    const { contactId } = await memberWithCard(k, 'Weekly Member', cards.visa);
    const c = await contract(contactId, {
      startDate: '2031-06-02',
      billingInterval: 'weekly',
      amountCents: 2500,
    });
    expect(await runner.run({ now: at('2031-06-20T12:00:00Z'), contractId: c._id })).toMatchObject({
      issued: 3,
      succeeded: 3,
    });
    const list = await invoicesOf(contactId);
    expect(list.map((i) => i.period_start)).toEqual(['2031-06-02', '2031-06-09', '2031-06-16']);
    expect(new Set(list.map((i) => i.number)).size).toBe(3);
  });

  it('retries a declined charge 1, 3 and 7 days after the first failure, then stops, telling the member each time', async () => {
    const { contactId } = await memberWithCard(k, 'Dunning Member', cards.declinesCharges);
    const c = await contract(contactId, { startDate: '2031-07-01' });
    const first = at('2031-07-01T00:00:00Z');
    const day = (n: number, ms = 0) => new Date(+first + n * 86_400_000 + ms);
    expect(await runner.run({ now: first, contractId: c._id })).toMatchObject({
      issued: 1,
      charged: 1,
      failed: 1,
    });
    const tries = [
      [day(1, -1000), 0],
      [day(1), 1],
      [day(3, -1000), 0],
      [day(3), 1],
      [day(7), 1],
      [day(30), 0],
    ] as const;
    for (const [now, charged] of tries) {
      expect((await runner.run({ now, contractId: c._id })).charged, now.toISOString()).toBe(charged);
    }
    const [invoice] = await invoicesOf(contactId);
    expect(invoice).toMatchObject({ status: 'due', failed_attempts: 4, next_attempt_at: null });
    // Still one invoice for the period: failed charges never issue it again.
    expect(await invoicesOf(contactId)).toHaveLength(1);
    const kinds = await k.t.database.query<{ kind: string; body: string }>(
      'select kind, body from billing_emails where contact_id = $1 order by created_at',
      [contactId],
    );
    expect(kinds.map((m) => m.kind)).toEqual([
      'payment-failed',
      'payment-failed',
      'payment-failed',
      'final-notice',
    ]);
    expect(kinds[0]!.body).toContain('We will try your card again on Jul 2, 2031.');
    expect(kinds[3]!.body).toContain('We will not try this card again.');
    const state = await k.t.database.query<{ payment_status: string }>(
      'select payment_status from contacts where id = $1',
      [contactId],
    );
    expect(state[0]!.payment_status).toBe('past_due');
  });

  it('follows the organisation’s own retry days', async () => {
    await k.admin.call('PUT', '/api/payment/settings', {
      retryDays: [2],
      processingFeeEnabled: false,
      processingFeePercent: 0,
      processingFeeTitle: 'Card processing fee',
    });
    const { contactId } = await memberWithCard(k, 'Two Day Member', cards.declinesCharges);
    const c = await contract(contactId, { startDate: '2031-08-01' });
    const run = (now: Date) => runner.run({ now, contractId: c._id });
    await run(at('2031-08-01T00:00:00Z'));
    expect((await run(at('2031-08-02T00:00:00Z'))).charged).toBe(0);
    expect((await run(at('2031-08-03T00:00:00Z'))).charged).toBe(1);
    expect((await run(at('2031-08-30T00:00:00Z'))).charged).toBe(0);
    await k.admin.call('PUT', '/api/payment/settings', {
      retryDays: [1, 3, 7],
      processingFeeEnabled: false,
      processingFeePercent: 0,
      processingFeeTitle: 'Card processing fee',
    });
  });

  it('does not charge a member without a card, and tells them where to pay', async () => {
    const { contactId } = await memberWithCard(k, 'Cardless Member');
    const c = await contract(contactId, { startDate: '2031-09-01' });
    expect(await runner.run({ now: at('2031-09-01T00:00:00Z'), contractId: c._id })).toMatchObject({
      issued: 1,
      charged: 0,
    });
    const [invoice] = await invoicesOf(contactId);
    expect(invoice).toMatchObject({ status: 'due', next_attempt_at: null });
    const [mail] = await k.t.database.query<{ kind: string; body: string }>(
      'select kind, body from billing_emails where contact_id = $1',
      [contactId],
    );
    expect(mail).toMatchObject({ kind: 'no-card' });
    expect(mail!.body).toContain('/access-control');
  });

  it('a freeze pushes the next bill out by the paid days it covers, and thaws by itself on its day', async () => {
    const today = dayFrom(0);
    const { contactId } = await memberWithCard(k, 'Frozen Member', cards.visa);
    const c = await contract(contactId, { startDate: today });
    const paidEnd = anchoredMonthDay(today, 1);
    expect(c.nextBillDay).toBe(paidEnd);
    const until = addDaysToIsoDate(today, 10);
    const frozen = await k.admin.call('POST', `/api/contact-contract/${contactId}/${c._id}/freeze`, {
      until,
    });
    expect(frozen.body).toMatchObject({
      data: {
        status: 'frozen',
        freeze: { start: today, end: until },
        nextBillDay: addDaysToIsoDate(paidEnd, 10),
      },
      billing: { paymentStatus: 'frozen' },
    });
    expect(frozen.body.message).toMatch(/^Contract frozen until /);
    const badUntil = await k.admin.call('POST', `/api/contact-contract/${contactId}/${c._id}/freeze`, {
      until: today,
    });
    expect(badUntil.status).toBe(409); // already frozen
    // The day it ends comes: the runner thaws it; billing resumes 10 days late, on a new anchor.
    expect(await runner.run({ now: at(`${until}T00:00:00Z`), contractId: c._id })).toMatchObject({
      thawed: 1,
    });
    const thawed = (await k.admin.get(`/api/contact-contract/${contactId}`)).body;
    expect(thawed.list[0]).toMatchObject({
      status: 'active',
      freeze: null,
      nextBillDay: addDaysToIsoDate(paidEnd, 10),
      anchorDay: addDaysToIsoDate(paidEnd, 10),
    });
    expect(thawed.billing.paymentStatus).toBe('none');
    const resume = addDaysToIsoDate(paidEnd, 10);
    await runner.run({ now: at(`${resume}T00:00:00Z`), contractId: c._id });
    const periods = (await invoicesOf(contactId)).map((i) => i.period_start);
    expect(periods).toEqual([today, resume]);
  });

  it('refuses a freeze that ends today or earlier, and thaws by hand', async () => {
    const today = dayFrom(0);
    const { contactId } = await memberWithCard(k, 'Hand Thaw', cards.visa);
    const c = await contract(contactId, { startDate: today });
    const bad = await k.admin.call('POST', `/api/contact-contract/${contactId}/${c._id}/freeze`, {
      until: today,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].field).toBe('until');
    await k.admin.call('POST', `/api/contact-contract/${contactId}/${c._id}/freeze`, {
      until: addDaysToIsoDate(today, 5),
    });
    const thawed = await k.admin.call('POST', `/api/contact-contract/${contactId}/${c._id}/thaw`);
    // Thawed the day it began: nothing frozen, the bill stays where it was.
    expect(thawed.body).toMatchObject({
      message: 'Contract unfrozen',
      data: { status: 'active', nextBillDay: anchoredMonthDay(today, 1) },
    });
  });

  it('cancel takes effect at the end of the paid period', async () => {
    const today = dayFrom(0);
    const { contactId } = await memberWithCard(k, 'Leaving Member', cards.visa);
    const c = await contract(contactId, { startDate: today });
    const lastDay = addDaysToIsoDate(anchoredMonthDay(today, 1), -1);
    const cancelled = await k.admin.call('POST', `/api/contact-contract/${contactId}/${c._id}/cancel`);
    expect(cancelled.body).toMatchObject({
      message: 'Contract cancelled',
      data: { status: 'active', cancelsOn: lastDay, endDate: lastDay, nextBillDay: null, isCurrent: true },
      billing: { plan: 'Club' },
    });
    // No invoice at the next period's start.
    await runner.run({ now: at(`${anchoredMonthDay(today, 1)}T12:00:00Z`), contractId: c._id });
    expect(await invoicesOf(contactId)).toHaveLength(1);
    // Time passes beyond the last paid day: the sweep reads it as cancelled, not expired.
    await k.t.database.query('update contact_contracts set start_date = $1, end_date = $2 where id = $3', [
      dayFrom(-40),
      dayFrom(-1),
      c._id,
    ]);
    await sweepBillingStates(k.t.database.db);
    const after = (await k.admin.get(`/api/contact-contract/${contactId}`)).body;
    expect(after.list[0]).toMatchObject({ status: 'cancelled', cancelsOn: null });
    expect(after.billing.plan).toBeNull();
  });
});
