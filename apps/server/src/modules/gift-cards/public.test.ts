import { GIFT_CARD_TEXT } from '@opsuite/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../test/helpers.ts';
import { createGiftCardsKit, type GiftCardsKit } from './gift-cards.test-kit.ts';
import { giftCardDelivery } from './index.ts';

// What reaches past the admin screens: the PIN, the public balance check and its rate limit, the
// recipient's link and e-mail, the applied card a checkout verifies, and the contact hooks.

describe(`gift cards beyond the admin (${DB_KIND})`, () => {
  let kit: GiftCardsKit;
  beforeAll(async () => {
    kit = await createGiftCardsKit();
  });
  afterAll(() => kit.t.close());

  const issue = (body: Record<string, unknown>) =>
    kit.admin.call('POST', '/api/giftcard', { recipientName: 'Pat Recipient', amountCents: 5000, ...body });

  it('asks for a PIN when the organisation says so, and checks balances publicly with a rate limit', async () => {
    await kit.admin.call('PUT', '/api/giftcard/settings', { expiryMonths: null, requirePin: true });
    const noPin = await issue({});
    expect(noPin.status).toBe(400);
    expect(noPin.body.error.message).toMatch(/^pin: /);
    const made = await issue({ pin: '4821', amountCents: 2500 });
    expect(made.body.data).toMatchObject({ hasPin: true, expiresAt: null });
    await kit.admin.call('PUT', '/api/giftcard/settings', { expiryMonths: null, requirePin: false });
    const code = made.body.data.code as string;

    const check = (body: unknown, ip = '10.9.0.1') =>
      kit.t.app.inject({
        method: 'POST',
        url: '/api/public/giftcard/balance',
        payload: body as object,
        remoteAddress: ip,
      });
    const ok = await check({ code: code.toLowerCase().replaceAll('-', ' '), pin: '4821' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({
      balanceCents: 2500,
      status: 'active',
      codeEnd: `••••-••••-••••-${code.slice(-4)}`,
    });
    expect(ok.json()).not.toHaveProperty('code');
    expect((await check({ code, pin: '0000' })).statusCode).toBe(404);
    expect((await check({ code })).statusCode).toBe(400);
    expect((await check({ code: '' })).statusCode).toBe(400);

    // Misses cost 5 of 30 units a minute: a guesser gets 6 tries, then 429 even for the right code.
    const ip = '10.9.0.2';
    for (let i = 0; i < 6; i++)
      expect((await check({ code: 'ABCD-EFGH-JKLM-NPQR' }, ip)).statusCode).toBe(404);
    const refused = await check({ code, pin: '4821' }, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    // Finds cost 1: a customer checking the same card 20 times is never refused.
    for (let i = 0; i < 20; i++)
      expect((await check({ code, pin: '4821' }, '10.9.0.3')).statusCode).toBe(200);
  });

  it("shows the recipient's page by signed link, and e-mails the card on its day", async () => {
    const made = await issue({
      recipientEmail: 'friend@example.test',
      deliverOn: '2026-01-10',
      message: 'Happy day',
    });
    const card = made.body.data;
    expect(card.delivery).toBe('scheduled');
    const page = await kit.t.app.inject({
      method: 'GET',
      url: `/api/public/giftcard/card/${card.publicPath.slice(6)}`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      balanceCents: 5000,
      message: 'Happy day',
      recipientName: 'Pat Recipient',
    });
    const forged = `${card.publicPath.slice(6, -3)}xyz`;
    expect(
      (await kit.t.app.inject({ method: 'GET', url: `/api/public/giftcard/card/${forged}` })).statusCode,
    ).toBe(404);

    const later = await issue({ recipientEmail: 'later@example.test', deliverOn: '2099-01-01' });
    const job = giftCardDelivery(kit.t.app);
    const sent = await job.run(new Date('2026-06-01T00:00:00Z'));
    expect(sent).toBeGreaterThanOrEqual(1);
    const mail = kit.t.mailer.recent.find((m) => m.to === 'friend@example.test')!;
    expect(mail.subject).toMatch(/^Your \$50\.00 gift card from /);
    expect(mail.text).toContain(card.code);
    expect(mail.text).toContain(card.publicPath);
    expect(kit.t.mailer.recent.some((m) => m.to === 'later@example.test')).toBe(false);
    const after = await kit.admin.get(`/api/giftcard/${card._id}`);
    expect(after.body).toMatchObject({ delivery: 'sent', sentAt: expect.any(String) });
    expect((await kit.admin.get(`/api/giftcard/${later.body.data._id}`)).body.delivery).toBe('scheduled');
    expect(await job.run(new Date('2026-06-01T00:00:00Z'))).toBe(0);
  });

  it('verifies an applied card for a checkout: verified, isUsed, giftCardId, cardData', async () => {
    const made = await issue({ amountCents: 1500 });
    const code = made.body.data.code as string;
    const applied = await kit.admin.call('POST', '/api/giftcard/apply', { code: code.toLowerCase() });
    expect(applied.body).toMatchObject({
      verified: true,
      isUsed: false,
      giftCardId: made.body.data._id,
      cardData: { balanceCents: 1500 },
    });
    await kit.admin.call('POST', `/api/giftcard/${made.body.data._id}/deactivate`);
    expect((await kit.admin.call('POST', '/api/giftcard/apply', { code })).body).toMatchObject({
      verified: true,
      isUsed: true,
    });
    const unknown = await kit.admin.call('POST', '/api/giftcard/apply', { code: 'ABCD-EFGH-JKLM-NPQR' });
    expect(unknown.body).toEqual({ verified: false, isUsed: false, giftCardId: null, cardData: null });
    expect((await kit.intruder.call('POST', '/api/giftcard/apply', { code })).body.verified).toBe(false);
    expect((await kit.admin.call('POST', '/api/giftcard/apply', { code: '' })).status).toBe(400);
  });

  it('updates the recipient and schedules the e-mail; a bad day is a 400', async () => {
    const made = await issue({});
    const id = made.body.data._id;
    const put = await kit.admin.call('PUT', `/api/giftcard/${id}`, {
      recipientName: 'Robin New',
      recipientEmail: 'robin@example.test',
      message: 'For you',
      deliverOn: '2099-05-01',
    });
    expect(put.body).toMatchObject({
      message: GIFT_CARD_TEXT.updated,
      data: { recipientName: 'Robin New', deliverOn: '2099-05-01', delivery: 'scheduled' },
    });
    const cleared = await kit.admin.call('PUT', `/api/giftcard/${id}`, { recipientName: 'Robin New' });
    expect(cleared.body.data).toMatchObject({ deliverOn: null, delivery: 'none', recipientEmail: null });
    const bad = await kit.admin.call('PUT', `/api/giftcard/${id}`, {
      recipientName: 'R',
      deliverOn: 'tomorrow',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^deliverOn: /);
    const foreign = await kit.intruder.call('PUT', `/api/giftcard/${id}`, { recipientName: 'X' });
    expect(foreign.status).toBe(404);
  });

  it('follows contact merges and deletes through the contact hooks', async () => {
    const a = (await kit.admin.call('POST', '/api/contact/add', { fullName: 'Kept Contact' })).body.data._id;
    const b = (await kit.admin.call('POST', '/api/contact/add', { fullName: 'Duplicate Contact' })).body.data
      ._id;
    const card = (await issue({ contactId: b, recipientName: 'Duplicate Contact' })).body.data._id;
    const merged = await kit.admin.call('POST', '/api/contact/merge', { primaryId: a, duplicateIds: [b] });
    expect(merged.status).toBe(200);
    expect((await kit.admin.get(`/api/giftcard/${card}`)).body.contactId).toBe(a);
    const gone = await kit.admin.call('DELETE', '/api/contact/delete', { source: 'test', ids: [a] });
    expect(gone.status).toBe(200);
    const after = (await kit.admin.get(`/api/giftcard/${card}`)).body;
    expect(after).toMatchObject({ contactId: null, recipientName: 'Duplicate Contact', balanceCents: 5000 });
  });

  it('follows contact renames through the contact hooks', async () => {
    const made = await issue({ contactId: kit.employeeContactId, recipientName: 'Old Name' });
    const contact = await kit.admin.get(`/api/contact/getById/${kit.employeeContactId}`);
    expect(contact.status).toBe(200);
    const upd = await kit.admin.call('PUT', `/api/contact/update/${kit.employeeContactId}`, {
      fullName: 'New Name',
    });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    const after = await kit.admin.get(`/api/giftcard/${made.body.data._id}`);
    expect(after.body.recipientName).toBe('New Name');
  });
});
