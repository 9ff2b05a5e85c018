import { AUTHORIZATION_PDF_ERROR } from '@opsuite/shared';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../../test/helpers.ts';
import type { Kit } from '../../contacts/contacts.test-kit.ts';
import { billingKit, cards, dayFrom, memberWithCard } from '../billing.test-kit.ts';

// The billing overview's calls: invoice stats and finance statistics computed by the shared rules,
// the past-due list, the payments CSV, the card form's configuration, running billing now, and
// the payment authorization a member signs (its text, the signature, the PDF).

const today = dayFrom(0);

describe(`billing overview (${DB_KIND})`, () => {
  let k: Kit;
  let paying: string;
  let late: string;
  let contractId: string;

  beforeAll(async () => {
    k = await billingKit();
    paying = (await memberWithCard(k, 'Stats Payer', cards.visa)).contactId;
    late = (await memberWithCard(k, 'Stats Late', cards.declinesCharges)).contactId;
    contractId = (
      await k.admin.call('POST', `/api/contact-contract/${paying}`, {
        title: 'Gold Monthly',
        startDate: today,
        amountCents: 12900,
        billingInterval: 'monthly',
      })
    ).body.data._id;
    await k.admin.call('POST', `/api/contact-contract/${late}`, {
      title: 'Silver',
      startDate: today,
      amountCents: 5000,
      billingInterval: 'monthly',
    });
    await k.admin.call('POST', `/api/contact-invoice/${paying}`, {
      description: 'Merchandise',
      amountCents: 2000,
      dueDate: dayFrom(40),
    });
  });
  afterAll(() => k.t.close());

  it('answers invoice stats and finance statistics for the organisation', async () => {
    const stats = await k.admin.get('/api/contact-invoice/statistics');
    expect(stats.status).toBe(200);
    expect(stats.body).toMatchObject({ total: 3, paid: 1, due: 1, sent: 1, draft: 0, partialPayment: 0 });
    expect(stats.body.paidAmount).toBe(12900);
    expect(stats.body.dueAmount).toBe(5000);
    expect(stats.body.scheduledAmount).toBe(2000);
    expect(stats.body.paidPercent + stats.body.scheduledPercent + stats.body.duePercent).toBe(100);
    const one = await k.admin.get('/api/contact-invoice/statistics', { contactId: late });
    expect(one.body).toMatchObject({ total: 1, due: 1, paid: 0 });
    const finance = (await k.admin.get('/api/payment/statistics')).body;
    expect(finance).toMatchObject({ thisMonth: 12900, ongoing: 12900, oneTime: 0, totalCollected: 12900 });
    // Due today, but its charge failed: past due already, as on the contact.
    expect(finance).toMatchObject({ pastDue: 5000, upcoming: 2000 });
    expect(finance.months).toHaveLength(12);
    expect(finance.months.at(-1)).toMatchObject({
      month: today.slice(0, 7),
      collectedCents: 12900,
      refundedCents: 0,
    });
  });

  it('lists the past-due invoices with their dunning', async () => {
    const { body } = await k.admin.get('/api/contact-invoice/past-due');
    expect(body.totalCents).toBe(5000);
    expect(body.list).toEqual([
      expect.objectContaining({
        contactId: late,
        contactName: 'Stats Late',
        amountCents: 5000,
        failedAttempts: 1,
        lastFailure: 'Your card was declined.',
        nextAttemptAt: expect.any(String),
      }),
    ]);
    expect((await k.intruder.get('/api/contact-invoice/past-due')).body.list).toEqual([]);
  });

  it('exports every payment as CSV', async () => {
    const res = await k.t.app.inject({
      method: 'GET',
      url: `/api/payment/export?from=${today}&to=${today}`,
      headers: k.admin.session.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'Date,Invoice,Contact,Kind,Method,Status,Amount,Fee,Refunded,Card,Attempt,Source,Failure,Provider reference',
    );
    expect(lines.slice(1).map((l) => l.split(',').slice(2, 7))).toEqual(
      expect.arrayContaining([
        ['Stats Payer', 'charge', 'card', 'succeeded', '129.00'],
        ['Stats Late', 'charge', 'card', 'failed', '50.00'],
      ]),
    );
    const empty = await k.t.app.inject({
      method: 'GET',
      url: `/api/payment/export?from=${dayFrom(-10)}&to=${dayFrom(-5)}`,
      headers: k.admin.session.headers,
    });
    expect(empty.body.trim().split('\r\n')).toHaveLength(1);
  });

  it('tells the card form which provider collects cards, with the test cards for admins outside production', async () => {
    expect((await k.admin.get('/api/payment/config')).body).toEqual({
      provider: 'sandbox',
      publishableKey: null,
      showTestCards: true,
    });
    for (const caller of [k.client, k.employee]) {
      expect((await caller.get('/api/payment/config')).body).toEqual({
        provider: 'sandbox',
        publishableKey: null,
        showTestCards: false,
      });
    }
  });

  it('runs billing now for the organisation and says how it went', async () => {
    const started = await k.admin.call('POST', '/api/payment/run');
    expect(started.status).toBe(200);
    for (let i = 0; i < 50 && (await k.admin.get('/api/payment/run')).body.running; i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const done = (await k.admin.get('/api/payment/run')).body;
    expect(done).toMatchObject({ running: false, error: null, counts: { issued: 0 } });
    expect((await k.client.call('POST', '/api/payment/run')).status).toBe(403);
  });

  it('a member signs the payment authorization by typing their name; the PDF carries it', async () => {
    const url = `/api/contact-contract/${paying}/${contractId}/authorization`;
    const unsigned = (await k.admin.get(url)).body;
    expect(unsigned).toMatchObject({ signed: false, signerName: null, card: 'Visa •••• 4242' });
    expect(unsigned.text).toContain('authorize');
    expect(unsigned.text).toContain('$129.00 every month');
    const bad = await k.admin.call('POST', url, {
      signerName: 'A',
      signatureImage: 'data:image/png;base64,AAAA',
    });
    expect(bad.status).toBe(400);
    const png =
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
    const signed = await k.admin.call('POST', url, {
      signerName: 'Stats Payer',
      signatureImage: `data:image/png;base64,${png}`,
    });
    expect(signed.body).toMatchObject({
      message: 'Payment authorization signed',
      data: { signed: true, signerName: 'Stats Payer', signedAt: expect.any(String) },
    });
    const pdf = await k.t.app.inject({ method: 'GET', url: `${url}/pdf`, headers: k.admin.session.headers });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(pdf.rawPayload);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe('Payment authorization: Gold Monthly');
    // A stored drawing that is not a real image: the PDF fails with the spec's words.
    await k.t.database.query(
      `update payment_authorizations set signature_png = decode('89504e470d0a1a0a00', 'hex') where contract_id = $1`,
      [contractId],
    );
    const broken = await k.t.app.inject({
      method: 'GET',
      url: `${url}/pdf`,
      headers: k.admin.session.headers,
    });
    expect(broken.statusCode).toBe(500);
    expect(broken.json().error.message).toBe(AUTHORIZATION_PDF_ERROR);
  });
});
