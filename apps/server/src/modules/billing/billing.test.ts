import { firstBillDay } from '@opsuite/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../test/helpers.ts';
import { countsAgree, createKit, type Kit } from '../contacts/contacts.test-kit.ts';
import { sweepBillingStates } from './billing-state.ts';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const monthly = { title: 'Gold Monthly', startDate: day(-30), amountCents: 9900, billingInterval: 'monthly' };

describe(`contracts and invoices of a contact (${DB_KIND})`, () => {
  let k: Kit;
  let contact: string;
  const contracts = () => `/api/contact-contract/${contact}`;
  const invoices = () => `/api/contact-invoice/${contact}`;
  const stored = async () =>
    (
      await k.t.database.query<{ plan: string | null; payment_status: string }>(
        'select plan, payment_status from contacts where id = $1',
        [contact],
      )
    )[0]!;
  const pastDueCount = async () => Number((await countsAgree(k, k.org.id)).kept.past_due ?? 0);

  beforeAll(async () => {
    k = await createKit();
    contact = (
      await k.admin.call('POST', '/api/contact/add', { fullName: 'Billing Member', plan: 'Imported' })
    ).body.data._id;
  });
  afterAll(() => k.t.close());

  it('adds a contract, which becomes the contact’s plan', async () => {
    expect((await k.admin.get(contracts())).body).toEqual({
      list: [],
      pagination: { page: 1, pageSize: 20, total: 0, totalPages: 1 },
      billing: { plan: 'Imported', paymentStatus: 'none' },
    });
    const added = await k.admin.call('POST', contracts(), { ...monthly, notes: 'Signed at the desk' });
    expect(added.status).toBe(200);
    expect(added.body).toEqual({
      success: true,
      message: 'Contract added',
      data: {
        _id: expect.any(String),
        contactId: contact,
        title: 'Gold Monthly',
        startDate: day(-30),
        endDate: null,
        amountCents: 9900,
        billingInterval: 'monthly',
        status: 'active',
        notes: 'Signed at the desk',
        isCurrent: true,
        invoiceCount: 0,
        signUpFeeCents: 0,
        anchorDay: day(-30),
        // Started before today: billing begins with the first period after today.
        nextBillDay: firstBillDay({ cycle: 'monthly', startDay: day(-30) }, day(0)),
        cancelsOn: null,
        freeze: null,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
      billing: { plan: 'Gold Monthly', paymentStatus: 'none' },
    });
    expect(await stored()).toEqual({ plan: 'Gold Monthly', payment_status: 'none' });
    const filtered = (await k.admin.get('/api/contact/get', { plan: 'Gold Monthly' })).body.list;
    expect(filtered.map((c: { _id: string }) => c._id)).toEqual([contact]);
    const timeline = (await k.admin.get(`/api/contact-activity/${contact}`)).body.list;
    expect(timeline[0]).toMatchObject({
      kind: 'contract.added',
      title: 'Contract added: Gold Monthly (monthly)',
    });
  });

  it('refuses bad contracts with a 400 naming the field, writing nothing', async () => {
    const before = (await k.admin.get(contracts())).body.pagination.total;
    const cases: [Record<string, unknown>, string][] = [
      [{ ...monthly, title: '  ' }, 'title'],
      [{ ...monthly, amountCents: -1 }, 'amountCents'],
      [{ ...monthly, amountCents: 10.5 }, 'amountCents'],
      [{ ...monthly, billingInterval: 'daily' }, 'billingInterval'],
      [{ ...monthly, startDate: '2025-02-30x' }, 'startDate'],
      [{ ...monthly, endDate: day(-40) }, 'endDate'],
      [{ ...monthly, status: 'cancelled' }, 'status'],
    ];
    for (const [body, field] of cases) {
      const res = await k.admin.call('POST', contracts(), body);
      expect(res.status, field).toBe(400);
      expect(JSON.stringify(res.body.error), field).toContain(field);
    }
    expect((await k.admin.get(contracts())).body.pagination.total).toBe(before);
  });

  it('freezes, unfreezes and cancels, keeping plan and payment status in step', async () => {
    const [gold] = (await k.admin.get(contracts())).body.list;
    const url = `${contracts()}/${gold._id}`;
    const frozen = await k.admin.call('PUT', url, { status: 'frozen' });
    expect(frozen.body).toMatchObject({
      message: 'Contract frozen',
      data: { status: 'frozen', isCurrent: true },
      billing: { plan: 'Gold Monthly', paymentStatus: 'frozen' },
    });
    expect((await k.admin.get('/api/contact/get', { paymentStatus: 'freezed' })).body.list).toHaveLength(1);
    const thawed = await k.admin.call('PUT', url, { status: 'active', amountCents: 10900 });
    expect(thawed.body).toMatchObject({
      message: 'Contract unfrozen',
      data: { status: 'active', amountCents: 10900 },
      billing: { paymentStatus: 'none' },
    });
    const badEnd = await k.admin.call('PUT', url, { endDate: day(-60) });
    expect(badEnd.status).toBe(400);
    expect(badEnd.body.error.details[0].field).toBe('endDate');
    const cancelled = await k.admin.call('PUT', url, { status: 'cancelled' });
    expect(cancelled.body).toMatchObject({
      message: 'Contract cancelled',
      data: { status: 'cancelled', isCurrent: false },
      billing: { plan: null, paymentStatus: 'none' },
    });
    const reopen = await k.admin.call('PUT', url, { status: 'active' });
    expect(reopen.status).toBe(409);
    expect(reopen.body.error.message).toBe('This contract is cancelled; add a new contract instead');
    expect(await stored()).toEqual({ plan: null, payment_status: 'none' });
  });

  it('creates numbered invoices; one past its due date makes the contact past due', async () => {
    const contract = (await k.admin.call('POST', contracts(), { ...monthly, title: 'Silver' })).body.data;
    const pastDueBefore = await pastDueCount();
    const future = await k.admin.call('POST', invoices(), {
      description: 'March dues',
      amountCents: 4900,
      dueDate: day(5),
      contractId: contract._id,
    });
    expect(future.body).toMatchObject({
      message: 'Invoice created',
      data: { number: 'INV-000001', status: 'due', contractTitle: 'Silver', paidAt: null },
      billing: { plan: 'Silver', paymentStatus: 'none' },
    });
    const late = await k.admin.call('POST', invoices(), {
      description: 'February dues',
      amountCents: 4900,
      dueDate: day(-3),
    });
    expect(late.body).toMatchObject({
      data: { number: 'INV-000002', status: 'past_due' },
      billing: { paymentStatus: 'past_due' },
    });
    expect(await pastDueCount()).toBe(pastDueBefore + 1);
    const agree = await countsAgree(k, k.org.id);
    expect(agree.kept).toEqual(agree.counted);
    const list = (await k.admin.get('/api/contact/get', { paymentStatus: 'past due' })).body.list;
    expect(list.map((c: { _id: string }) => c._id)).toContain(contact);
    // The contract now has an invoice: it is cancelled, never deleted.
    const del = await k.admin.call('DELETE', `${contracts()}/${contract._id}`);
    expect(del.status).toBe(409);
    expect(del.body.error.message).toBe('This contract has invoices; cancel it instead of deleting it');
  });

  it('pages invoices by 10 with totals by status', async () => {
    for (let i = 0; i < 10; i++) {
      await k.admin.call('POST', invoices(), {
        description: `Class pack ${i}`,
        amountCents: 1000 + i,
        dueDate: day(10 + i),
      });
    }
    const first = (await k.admin.get(invoices())).body;
    expect(first.list).toHaveLength(10);
    expect(first.pagination).toEqual({ page: 1, pageSize: 10, total: 12, totalPages: 2 });
    expect(first.list[0].dueDate).toBe(day(19));
    expect(first.totals.due.count).toBe(11);
    expect(first.totals.past_due).toEqual({ count: 1, amountCents: 4900 });
    expect((await k.admin.get(invoices(), { page: 2 })).body.list).toHaveLength(2);
    const pastDue = (await k.admin.get(invoices(), { status: 'past_due' })).body;
    expect(pastDue.list.map((i: { description: string }) => i.description)).toEqual(['February dues']);
    expect(pastDue.pagination.total).toBe(1);
    const bad = await k.admin.get(invoices(), { status: 'late' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.error)).toContain('status');
  });

  it('marks paid once, refunds only what was paid, forfeits and deletes only unpaid ones', async () => {
    const { list } = (await k.admin.get(invoices(), { status: 'past_due' })).body;
    const late = list[0];
    const pastDueBefore = await pastDueCount();
    const paid = await k.admin.call('PUT', `${invoices()}/${late._id}/pay`, { method: 'card' });
    expect(paid.body).toMatchObject({
      message: 'Invoice marked as paid',
      data: { status: 'paid', paymentMethod: 'card', paidAt: expect.any(String) },
      billing: { paymentStatus: 'none' },
    });
    expect(await pastDueCount()).toBe(pastDueBefore - 1);
    const twice = await k.admin.call('PUT', `${invoices()}/${late._id}/pay`, {});
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe('Only a due or past-due invoice can be marked as paid');
    expect((await k.admin.call('DELETE', `${invoices()}/${late._id}`)).status).toBe(409);
    const refund = await k.admin.call('PUT', `${invoices()}/${late._id}/refund`);
    expect(refund.body).toMatchObject({ message: 'Invoice refunded', data: { status: 'refund' } });

    const due = (await k.admin.get(invoices(), { status: 'due' })).body.list;
    const notPaid = await k.admin.call('PUT', `${invoices()}/${due[0]._id}/refund`);
    expect(notPaid.status).toBe(409);
    expect(notPaid.body.error.message).toBe('Only a paid invoice can be refunded');
    const forfeit = await k.admin.call('PUT', `${invoices()}/${due[0]._id}/forfeit`);
    expect(forfeit.body).toMatchObject({ message: 'Invoice forfeited', data: { status: 'forfeit' } });
    const gone = await k.admin.call('DELETE', `${invoices()}/${due[1]._id}`);
    expect(gone.body).toEqual({
      success: true,
      message: 'Invoice deleted',
      billing: { plan: 'Silver', paymentStatus: 'none' },
    });
    const totals = (await k.admin.get(invoices())).body.totals;
    expect(totals).toMatchObject({
      refund: { count: 1 },
      forfeit: { count: 1 },
      paid: { count: 0 },
      due: { count: 9 },
    });
    const badPay = await k.admin.call('PUT', `${invoices()}/${due[2]._id}/pay`, { method: 'cheque' });
    expect(badPay.status).toBe(400);
    expect(JSON.stringify(badPay.body.error)).toContain('method');
  });

  it('refuses bad invoices with a 400 naming the field', async () => {
    const other = (await k.admin.call('POST', '/api/contact/add', { fullName: 'Someone Else' })).body.data
      ._id;
    const theirs = (await k.admin.call('POST', `/api/contact-contract/${other}`, monthly)).body.data._id;
    const before = (await k.admin.get(invoices())).body.pagination.total;
    const cases: [Record<string, unknown>, string][] = [
      [{ description: '', amountCents: 100, dueDate: day(1) }, 'description'],
      [{ description: 'x', amountCents: 0, dueDate: day(1) }, 'amountCents'],
      [{ description: 'x', amountCents: 100, dueDate: 'tomorrow' }, 'dueDate'],
      [{ description: 'x', amountCents: 100, dueDate: day(1), contractId: 'nope' }, 'contractId'],
      [{ description: 'x', amountCents: 100, dueDate: day(1), contractId: theirs }, 'contractId'],
    ];
    for (const [body, field] of cases) {
      const res = await k.admin.call('POST', invoices(), body);
      expect(res.status, field).toBe(400);
      expect(JSON.stringify(res.body.error), field).toContain(field);
    }
    expect((await k.admin.get(invoices())).body.pagination.total).toBe(before);
  });

  it('answers 404 to another organisation and changes nothing', async () => {
    const contract = (await k.admin.get(contracts())).body.list[0];
    const invoice = (await k.admin.get(invoices())).body.list[0];
    const snapshot = async () => ({
      contracts: (await k.admin.get(contracts())).body,
      invoices: (await k.admin.get(invoices())).body,
      contact: await stored(),
    });
    const before = await snapshot();
    const calls: [string, string, unknown?][] = [
      ['GET', contracts()],
      ['POST', contracts(), monthly],
      ['PUT', `${contracts()}/${contract._id}`, { status: 'frozen' }],
      ['DELETE', `${contracts()}/${contract._id}`],
      ['GET', invoices()],
      ['POST', invoices(), { description: 'x', amountCents: 100, dueDate: day(1) }],
      ['PUT', `${invoices()}/${invoice._id}/pay`, {}],
      ['PUT', `${invoices()}/${invoice._id}/refund`],
      ['PUT', `${invoices()}/${invoice._id}/forfeit`],
      ['DELETE', `${invoices()}/${invoice._id}`],
    ];
    for (const [method, url, body] of calls) {
      const res = await k.intruder.call(method as 'GET', url, body);
      expect(res.status, `${method} ${url}`).toBe(404);
    }
    // Their own contact with this organisation's record ids: not found either.
    const mine = (await k.intruder.call('POST', '/api/contact/add', { fullName: 'Intruder Own' })).body.data
      ._id;
    expect(
      (await k.intruder.call('PUT', `/api/contact-contract/${mine}/${contract._id}`, { status: 'frozen' }))
        .status,
    ).toBe(404);
    expect((await k.intruder.call('PUT', `/api/contact-invoice/${mine}/${invoice._id}/pay`, {})).status).toBe(
      404,
    );
    expect((await k.intruder.call('DELETE', `/api/contact-invoice/${mine}/${invoice._id}`)).status).toBe(404);
    const after = await snapshot();
    expect(after).toEqual(before);
  });

  it('a sweep turns contacts past due when an invoice falls due, and expires ended contracts', async () => {
    const member = (await k.admin.call('POST', '/api/contact/add', { fullName: 'Sweep Member' })).body.data
      ._id;
    const c = (
      await k.admin.call('POST', `/api/contact-contract/${member}`, {
        ...monthly,
        title: 'Ending',
        endDate: day(2),
      })
    ).body.data;
    const inv = (
      await k.admin.call('POST', `/api/contact-invoice/${member}`, {
        description: 'Dues',
        amountCents: 500,
        dueDate: day(1),
      })
    ).body.data;
    // Time passes: the due date and the end date are now behind us.
    await k.t.database.query('update contact_invoices set due_date = $1 where id = $2', [day(-1), inv._id]);
    await k.t.database.query('update contact_contracts set end_date = $1, start_date = $2 where id = $3', [
      day(-1),
      day(-30),
      c._id,
    ]);
    const read = (await k.admin.get(`/api/contact-invoice/${member}`)).body;
    expect(read.list[0].status).toBe('past_due');
    // The app's own sweeper may run at the same time; either way the outcome is the same.
    await sweepBillingStates(k.t.database.db);
    const after = (await k.admin.get(`/api/contact-contract/${member}`)).body;
    expect(after.list[0].status).toBe('expired');
    expect(after.billing).toEqual({ plan: null, paymentStatus: 'past_due' });
    const agree = await countsAgree(k, k.org.id);
    expect(agree.kept).toEqual(agree.counted);
    // A second sweep has nothing left to do.
    expect(await sweepBillingStates(k.t.database.db)).toEqual({ expired: 0, contacts: 0 });
  });

  it('numbers concurrent invoices uniquely and pays a double-submitted invoice once', async () => {
    const made = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        k.admin.call('POST', invoices(), { description: `Race ${i}`, amountCents: 100, dueDate: day(30) }),
      ),
    );
    expect(made.map((r) => r.status)).toEqual(Array(8).fill(200));
    expect(new Set(made.map((r) => r.body.data.number)).size).toBe(8);
    const target = made[0]!.body.data._id;
    const pays = await Promise.all(
      Array.from({ length: 6 }, () => k.admin.call('PUT', `${invoices()}/${target}/pay`, { method: 'cash' })),
    );
    expect(pays.filter((r) => r.status === 200)).toHaveLength(1);
    expect(pays.filter((r) => r.status === 409)).toHaveLength(5);
    const paid = (await k.admin.get(`/api/contact-activity/${contact}`, { limit: 50 })).body.list.filter(
      (a: { kind: string; data: { invoiceId?: string } }) =>
        a.kind === 'invoice.paid' && a.data.invoiceId === target,
    );
    expect(paid).toHaveLength(1);
  });

  it('keeps clients without contacts access out', async () => {
    expect((await k.client.get(invoices())).status).toBe(403);
    expect((await k.client.call('POST', contracts(), monthly)).status).toBe(403);
  });
});
