import { PORTAL_TEXT } from '@opsuite/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../test/helpers.ts';
import { createPortalKit, dayFrom, type PortalKit } from './portal.test-kit.ts';

const year = new Date().getUTCFullYear() + 3;
const visa = { number: '4242 4242 4242 4242', expMonth: 12, expYear: year, cvc: '123' };
const mastercard = { number: '5555 5555 5555 4444', expMonth: 10, expYear: year, cvc: '123' };

interface Card {
  _id: string;
  last4: string;
  isDefault: boolean;
}

describe(`member portal: choosing the default card and removing cards (${DB_KIND})`, () => {
  let kit: PortalKit;
  beforeAll(async () => {
    kit = await createPortalKit({ members: 2, env: { IMPORT_WORKER: '0' } });
  });
  afterAll(() => kit.t.close());

  it('keeps the default unless asked, then makes another card the default', async () => {
    const m = kit.members[0]!;
    const first = await m.c.call('POST', '/api/portal/cards', visa);
    expect(first.body.data).toMatchObject({ last4: '4242', isDefault: true });
    const second = await m.c.call('POST', '/api/portal/cards', mastercard);
    expect(second.body.data).toMatchObject({ last4: '4444', isDefault: false });

    const made = await m.c.call('PUT', `/api/portal/cards/${second.body.data._id}/default`);
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ message: 'Default card changed', data: { isDefault: true } });
    const list = (await m.c.get('/api/portal/cards')).body.list as Card[];
    expect(list.map((c) => [c.last4, c.isDefault])).toEqual([
      ['4242', false],
      ['4444', true],
    ]);
    // Another member's card is not found and stays as it was.
    const other = kit.members[1]!;
    expect((await other.c.call('PUT', `/api/portal/cards/${first.body.data._id}/default`)).status).toBe(404);
    expect((await other.c.call('DELETE', `/api/portal/cards/${first.body.data._id}`)).status).toBe(404);
  });

  it('removes a card, but not the last one while a contract bills', async () => {
    const m = kit.members[0]!;
    const contract = await kit.admin.call('POST', `/api/contact-contract/${m.contactId}`, {
      title: 'Unlimited monthly',
      amountCents: 12900,
      billingInterval: 'monthly',
      startDate: dayFrom(10),
    });
    expect(contract.status).toBe(200);
    const [visaCard, mcCard] = (await m.c.get('/api/portal/cards')).body.list as Card[];
    const removed = await m.c.call('DELETE', `/api/portal/cards/${mcCard!._id}`);
    expect(removed.body).toEqual({ success: true, message: 'Card removed' });
    // The remaining card takes over as the default.
    expect((await m.c.get('/api/portal/cards')).body.list).toMatchObject([
      { last4: '4242', isDefault: true },
    ]);

    const last = await m.c.call('DELETE', `/api/portal/cards/${visaCard!._id}`);
    expect(last.status).toBe(409);
    expect(last.body.error.message).toBe(PORTAL_TEXT.lastCardNeeded);
    expect((await m.c.get('/api/portal/cards')).body.list).toHaveLength(1);
  });

  it('removes the only card of a member without a contract', async () => {
    const other = kit.members[1]!;
    const added = await other.c.call('POST', '/api/portal/cards', visa);
    expect((await other.c.call('DELETE', `/api/portal/cards/${added.body.data._id}`)).status).toBe(200);
    expect((await other.c.get('/api/portal/cards')).body.list).toEqual([]);
  });
});
