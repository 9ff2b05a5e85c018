import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../test/helpers.ts';
import { createPortalKit, dayFrom, type PortalKit } from './portal.test-kit.ts';

const year = new Date().getUTCFullYear() + 3;
const visa = { number: '4242 4242 4242 4242', expMonth: 12, expYear: year, cvc: '123', holderName: 'Morgan' };
/** Refused when saved. */
const refused = { number: '4000 0000 0000 0002', expMonth: 11, expYear: year, cvc: '123' };
/** Saved fine; every charge on it is declined. */
const declinesCharges = { number: '4000 0000 0000 0341', expMonth: 11, expYear: year, cvc: '123' };

describe(`member portal: contracts, invoices and cards (${DB_KIND})`, () => {
  let kit: PortalKit;
  beforeAll(async () => {
    kit = await createPortalKit({ members: 2, env: { IMPORT_WORKER: '0' } });
  });
  afterAll(() => kit.t.close());

  const invoiceFor = async (contactId: string, amountCents = 4500) => {
    const res = await kit.admin.call('POST', `/api/contact-invoice/${contactId}`, {
      description: 'Drop-in class pack',
      amountCents,
      dueDate: dayFrom(7),
    });
    if (res.status !== 200) throw new Error(`invoice: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data as { _id: string; status: string };
  };
  const statusOf = async (invoiceId: string) =>
    (
      await kit.sqlRows<{ status: string }>('select status from contact_invoices where id = $1', [invoiceId])
    )[0]?.status;

  it('reads only the member’s own contracts, invoices and cards', async () => {
    const [m, other] = kit.members;
    const contract = await kit.admin.call('POST', `/api/contact-contract/${m!.contactId}`, {
      title: 'Unlimited monthly',
      amountCents: 12900,
      billingInterval: 'monthly',
      startDate: dayFrom(10),
    });
    expect(contract.status).toBe(200);
    await invoiceFor(m!.contactId);
    await invoiceFor(other!.contactId, 9900);
    const contracts = await m!.c.get('/api/portal/contracts');
    expect(contracts.status).toBe(200);
    expect(
      contracts.body.list.map((c: { title: string; contactId: string }) => [c.title, c.contactId]),
    ).toEqual([['Unlimited monthly', m!.contactId]]);
    const invoices = await m!.c.get('/api/portal/invoices');
    expect(
      invoices.body.list.map((i: { amountCents: number; contactId: string }) => [i.amountCents, i.contactId]),
    ).toEqual([[4500, m!.contactId]]);
    expect(
      (await other!.c.get('/api/portal/invoices')).body.list.map(
        (i: { amountCents: number }) => i.amountCents,
      ),
    ).toEqual([9900]);
    expect((await m!.c.get('/api/portal/cards')).body).toEqual({ list: [] });
    expect((await kit.outsider.c.get('/api/portal/invoices')).body.list).toEqual([]);
    expect((await m!.c.get('/api/portal/invoices', { status: 'paid' })).body.list).toEqual([]);
  });

  it('adds a card and pays an open invoice with it; a declined card leaves the invoice open', async () => {
    const m = kit.members[0]!;
    const bad = await m.c.call('POST', '/api/portal/cards', { ...visa, number: '4242' });
    expect(bad.status).toBe(400);
    const card = await m.c.call('POST', '/api/portal/cards', visa);
    expect(card.status).toBe(200);
    expect(card.body).toMatchObject({
      message: 'Card added',
      data: { last4: '4242', isDefault: true, contactId: m.contactId },
    });
    expect((await m.c.get('/api/portal/cards')).body.list).toHaveLength(1);

    const [open] = (await m.c.get('/api/portal/invoices', { status: 'due' })).body.list;
    const paid = await m.c.call('POST', `/api/portal/invoices/${open._id}/pay`, {});
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ _id: open._id, status: 'paid', paymentMethod: 'card' });
    expect(paid.body.message).toMatch(/^Charged \$45\.00 to /);
    expect(await statusOf(open._id)).toBe('paid');
    const again = await m.c.call('POST', `/api/portal/invoices/${open._id}/pay`, {});
    expect(again.status).toBe(409);

    // A card the bank refuses is not saved; a saved card whose charge is declined leaves the
    // invoice open, and the member sees why.
    const second = await invoiceFor(m.contactId, 2000);
    const notSaved = await m.c.call('POST', '/api/portal/cards', refused);
    expect(notSaved.status).toBe(400);
    expect(notSaved.body.error.message).toBe('Your card was declined.');
    const weak = await m.c.call('POST', '/api/portal/cards', declinesCharges);
    expect(weak.status).toBe(200);
    const tried = await m.c.call('POST', `/api/portal/invoices/${second._id}/pay`, {
      cardId: weak.body.data._id,
    });
    expect(tried.status).toBe(400);
    expect(tried.body.error.message).toMatch(/declined/i);
    expect(await statusOf(second._id)).not.toBe('paid');
    expect((await m.c.call('POST', `/api/portal/invoices/${second._id}/pay`, {})).status).toBe(200);
  });

  it("another member's invoice or card is not found and nothing is charged", async () => {
    const [m, other] = kit.members;
    const theirs = (await other!.c.get('/api/portal/invoices')).body.list[0];
    const mine = (await m!.c.get('/api/portal/cards')).body.list[0];
    const res = await m!.c.call('POST', `/api/portal/invoices/${theirs._id}/pay`, {});
    expect(res.status).toBe(404);
    expect(await statusOf(theirs._id)).toBe('due');
    // Their own invoice, with a card that is not theirs.
    await other!.c.call('POST', '/api/portal/cards', visa);
    const foreignCard = await other!.c.call('POST', `/api/portal/invoices/${theirs._id}/pay`, {
      cardId: mine._id,
    });
    expect([400, 404]).toContain(foreignCard.status);
    expect(await statusOf(theirs._id)).toBe('due');
    // Another organisation's member.
    expect((await kit.outsider.c.call('POST', `/api/portal/invoices/${theirs._id}/pay`, {})).status).toBe(
      404,
    );
    expect(await statusOf(theirs._id)).toBe('due');
    expect(
      await kit.scalar(`select count(*)::int as n from payment_cards where contact_id = $1`, [
        kit.outsider.contactId,
      ]),
    ).toBe(0);
  });

  it('a member reaches none of the staff billing calls', async () => {
    const [m] = kit.members;
    for (const [method, url] of [
      ['GET', `/api/contact-invoice/${m!.contactId}`],
      ['GET', `/api/contact-contract/${m!.contactId}`],
      ['GET', `/api/payment/cards/${m!.contactId}`],
      ['POST', `/api/contact-invoice/${m!.contactId}`],
    ] as const) {
      expect((await m!.c.call(method, url, method === 'POST' ? {} : undefined)).status, url).toBe(403);
    }
  });
});
