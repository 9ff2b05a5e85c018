import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../test/helpers.ts';
import type { Kit } from '../contacts/contacts.test-kit.ts';
import { billingKit, cards, dayFrom, memberWithCard } from './billing.test-kit.ts';

// Money powers follow the billing permission: the plan grants it to admins and owners, the
// default Employee role does not have it, and an admin may grant it to a role.

describe(`billing permission (${DB_KIND})`, () => {
  let k: Kit;
  let member: string;
  let invoice: string;
  beforeAll(async () => {
    k = await billingKit();
    member = (await memberWithCard(k, 'Money Member', cards.visa)).contactId;
    const made = await k.admin.call('POST', `/api/contact-invoice/${member}`, {
      description: 'Dues',
      amountCents: 5000,
      dueDate: dayFrom(0),
    });
    expect(made.status).toBe(200);
    invoice = made.body.data._id;
  });
  afterAll(() => k.t.close());

  it('refuses an employee every money power with 403', async () => {
    const base = `/api/contact-invoice/${member}`;
    const attempts: ['GET' | 'POST' | 'PUT', string, unknown?][] = [
      ['POST', base, { description: 'x', amountCents: 250000, dueDate: dayFrom(0) }],
      ['GET', base],
      ['GET', `${base}/${invoice}`],
      ['POST', `${base}/${invoice}/charge`, {}],
      ['PUT', `${base}/${invoice}/pay`, {}],
      ['PUT', `${base}/${invoice}/refund`, {}],
      ['PUT', `${base}/${invoice}/forfeit`],
      ['GET', `/api/payment/cards/${member}`],
      ['POST', `/api/payment/cards/${member}`, cards.visa],
      ['GET', `/api/contact-contract/${member}`],
      ['GET', '/api/payment/settings'],
      ['GET', '/api/contact-invoice/statistics'],
    ];
    for (const [method, url, body] of attempts) {
      const res = await k.employee.call(method, url, body);
      expect([method, url, res.status]).toEqual([method, url, 403]);
    }
    expect(
      await k.scalar('select count(*)::int as n from contact_invoices where contact_id = $1', [member]),
    ).toBe(1);
  });

  it('the admin charges and refunds; the session lists billing among its abilities', async () => {
    const base = `/api/contact-invoice/${member}/${invoice}`;
    expect((await k.admin.call('POST', `${base}/charge`, {})).status).toBe(200);
    expect((await k.admin.call('PUT', `${base}/refund`, { amountCents: 1000 })).status).toBe(200);
    // A partial refund leaves the invoice paid; the refund total counts what was refunded.
    const listed = await k.admin.get(`/api/contact-invoice/${member}`);
    expect(listed.body.totals.paid).toEqual({ count: 1, amountCents: 5000 });
    expect(listed.body.totals.refund).toEqual({ count: 1, amountCents: 1000 });
    expect(listed.body.pagination.total).toBe(1);
    const refunds = await k.admin.get(`/api/contact-invoice/${member}`, { status: 'refund' });
    expect(refunds.body.list.map((i: { refundedCents: number }) => i.refundedCents)).toEqual([1000]);
    const me = await k.admin.get('/api/auth/session');
    const ability = JSON.stringify(me.body);
    expect(ability).toContain('"billing"');
  });

  it('an employee whose role is granted billing read sees cards but still may not refund', async () => {
    await k.t.database.query(
      `update contact_types set permissions = permissions ||
         '[{"resource":"billing","read":true,"write":false,"update":false,"delete":false}]'::jsonb
       where organization_id = $1 and type = 'employee'`,
      [k.org.id],
    );
    expect((await k.employee.get(`/api/payment/cards/${member}`)).status).toBe(200);
    const refund = await k.employee.call('PUT', `/api/contact-invoice/${member}/${invoice}/refund`, {});
    expect(refund.status).toBe(403);
  });
});
