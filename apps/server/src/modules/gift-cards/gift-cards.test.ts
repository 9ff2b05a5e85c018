import { GIFT_CARD_TEXT, normalizeGiftCardCode } from '@opsuite/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestClient } from '../../../test/client.ts';
import { DB_KIND } from '../../../test/helpers.ts';
import { createGiftCardsKit, type GiftCardsKit } from './gift-cards.test-kit.ts';

// A 1x1 PNG.
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe(`gift cards (${DB_KIND})`, () => {
  let kit: GiftCardsKit;
  let admin: RequestClient;
  let templateId: string;
  beforeAll(async () => {
    kit = await createGiftCardsKit();
    ({ admin } = kit);
    const made = await admin.call('POST', '/api/giftcard-template', {
      name: 'Classic',
      fixedAmountsCents: [5000, 2500],
      allowCustom: true,
      customMinCents: 1000,
      customMaxCents: 20000,
      defaultMessage: 'Enjoy!',
    });
    expect(made.status).toBe(200);
    templateId = made.body.data._id;
  });
  afterAll(() => kit.t.close());

  const issue = (body: Record<string, unknown>) =>
    admin.call('POST', '/api/giftcard', { recipientName: 'Pat Recipient', amountCents: 5000, ...body });

  it('keeps templates: create, list, update, design, and refuses bad input', async () => {
    const list = await admin.get('/api/giftcard-template');
    expect(list.body.list[0]).toMatchObject({
      name: 'Classic',
      fixedAmountsCents: [2500, 5000],
      designUrl: null,
    });
    const design = await admin.call('PUT', `/api/giftcard-template/${templateId}/design`, { image: PNG });
    expect(design.status).toBe(200);
    expect(design.body.data.designUrl).toMatch(/^\/api\/files\/download\?token=/);
    const img = await kit.t.app.inject({ method: 'GET', url: design.body.data.designUrl });
    expect(img.statusCode).toBe(200);
    const notImage = await admin.call('PUT', `/api/giftcard-template/${templateId}/design`, {
      image: 'data:image/png;base64,AAAA',
    });
    expect(notImage.status).toBe(400);
    expect(notImage.body.error.message).toBe('image: could not be read as an image');

    const noAmount = await admin.call('POST', '/api/giftcard-template', { name: 'Empty' });
    expect(noAmount.status).toBe(400);
    expect(noAmount.body.error.message).toMatch(/^fixedAmountsCents: /);
    const range = await admin.call('POST', '/api/giftcard-template', {
      name: 'Backwards',
      allowCustom: true,
      customMinCents: 5000,
      customMaxCents: 1000,
    });
    expect(range.status).toBe(400);
    const twice = await admin.call('POST', '/api/giftcard-template', {
      name: 'Classic',
      fixedAmountsCents: [100],
    });
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe(GIFT_CARD_TEXT.templateNameTaken);

    const other = await admin.call('POST', '/api/giftcard-template', {
      name: 'Spare',
      fixedAmountsCents: [1000],
    });
    const renamed = await admin.call('PUT', `/api/giftcard-template/${other.body.data._id}`, {
      name: 'Spare 2',
      fixedAmountsCents: [1000],
      active: false,
    });
    expect(renamed.body).toMatchObject({ message: GIFT_CARD_TEXT.templateUpdated, data: { active: false } });
    const inactive = await issue({ templateId: other.body.data._id, amountCents: 1000 });
    expect(inactive.status).toBe(409);
    const gone = await admin.call('DELETE', `/api/giftcard-template/${other.body.data._id}`);
    expect(gone.body.message).toBe(GIFT_CARD_TEXT.templateDeleted);
  });

  it('issues a card from a template with a random grouped code, an issue entry and a 5-year expiry floor', async () => {
    await admin.call('PUT', '/api/giftcard/settings', { expiryMonths: 12, requirePin: false });
    const made = await issue({
      templateId,
      recipientEmail: 'Pat@Example.test',
      contactId: kit.employeeContactId,
    });
    expect(made.status).toBe(200);
    const card = made.body.data;
    expect(made.body.message).toBe(GIFT_CARD_TEXT.issued);
    expect(card.code).toMatch(/^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/);
    expect(card).toMatchObject({
      balanceCents: 5000,
      initialCents: 5000,
      activated: true,
      status: 'active',
      message: 'Enjoy!',
      recipientEmail: 'pat@example.test',
      templateName: 'Classic',
      delivery: 'none',
    });
    const years = (Date.parse(card.expiresAt) - Date.parse(card.createdAt)) / (365.25 * 86_400_000);
    expect(years).toBeGreaterThan(4.99);
    expect(card.entries).toEqual([
      expect.objectContaining({ kind: 'issue', amountCents: 5000, balanceAfterCents: 5000 }),
    ]);
    const second = await issue({ templateId });
    expect(second.body.data.code).not.toBe(card.code);

    const offAmount = await issue({ templateId, amountCents: 999 });
    expect(offAmount.status).toBe(400);
    expect(offAmount.body.error.message).toBe(`amountCents: ${GIFT_CARD_TEXT.amountNotOffered}`);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ amountCents: 0 }, /^amountCents: /],
      [{ amountCents: 12.5 }, /^amountCents: /],
      [{ recipientName: '  ' }, /^recipientName: /],
      [{ recipientEmail: 'nope' }, /^recipientEmail: /],
      [{ deliverOn: '2026-02-30' }, /^deliverOn: /],
      [{ deliverOn: '2026-03-01' }, /^recipientEmail: /],
      [{ pin: '12' }, /^pin: /],
      [{ templateId: '00000000-0000-7000-8000-000000000000' }, /^templateId: /],
      [{ contactId: '00000000-0000-7000-8000-000000000000' }, /^contactId: /],
    ];
    for (const [body, message] of cases) {
      const res = await issue(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toMatch(message);
    }
    expect((await admin.get('/api/giftcard', { status: 'lost' })).status).toBe(400);
    expect(
      (await admin.call('PUT', '/api/giftcard/settings', { expiryMonths: 0, requirePin: false })).status,
    ).toBe(400);
  });

  it('deactivates and activates; a deactivated card cannot pay', async () => {
    const { body } = await issue({});
    const id = body.data._id;
    const off = await admin.call('POST', `/api/giftcard/${id}/deactivate`);
    expect(off.body).toMatchObject({
      message: GIFT_CARD_TEXT.deactivated,
      data: { activated: false, status: 'deactivated' },
    });
    const pay = await admin.call('POST', `/api/giftcard/${id}/adjust`, {
      kind: 'redemption',
      amountCents: 100,
      reason: 'Till',
    });
    expect(pay.status).toBe(409);
    expect(pay.body.error.message).toBe(GIFT_CARD_TEXT.notActive);
    const on = await admin.call('POST', `/api/giftcard/${id}/activate`);
    expect(on.body).toMatchObject({
      message: GIFT_CARD_TEXT.activated,
      data: { activated: true, status: 'active' },
    });
    const listed = await admin.get('/api/giftcard', { status: 'deactivated' });
    expect(listed.body.list.map((c: { _id: string }) => c._id)).not.toContain(id);
  });

  it('applies redemptions, refunds and adjustments with a reason, never below zero', async () => {
    const { body } = await issue({ amountCents: 3000 });
    const id = body.data._id;
    const spend = (kind: string, amountCents: number, reason = 'Front desk') =>
      admin.call('POST', `/api/giftcard/${id}/adjust`, { kind, amountCents, reason });
    expect((await spend('redemption', 1000)).body.data.balanceCents).toBe(2000);
    const tooMuch = await spend('redemption', 2001);
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.error.message).toBe(GIFT_CARD_TEXT.insufficient);
    expect((await spend('adjustment', -2001)).status).toBe(409);
    expect((await spend('refund', 500)).body.data.balanceCents).toBe(2500);
    const adjusted = await spend('adjustment', -2500, 'Card damaged, reissued');
    expect(adjusted.body.data).toMatchObject({ balanceCents: 0, status: 'used' });
    expect(
      adjusted.body.data.entries.map((e: { kind: string; amountCents: number }) => [e.kind, e.amountCents]),
    ).toEqual([
      ['issue', 3000],
      ['redemption', -1000],
      ['refund', 500],
      ['adjustment', -2500],
    ]);
    expect(adjusted.body.data.entries[3]).toMatchObject({
      reason: 'Card damaged, reissued',
      byName: expect.any(String),
    });
    expect((await spend('redemption', -5)).status).toBe(400);
    expect(
      (await admin.call('POST', `/api/giftcard/${id}/adjust`, { kind: 'redemption', amountCents: 5 })).status,
    ).toBe(400);
    const del = await admin.call('DELETE', `/api/giftcard/${id}`);
    expect(del.status).toBe(409);
  });

  it('searches by name or code, pages, and reports the liability', async () => {
    const made = await issue({ recipientName: 'Zelda Searchable', amountCents: 7000 });
    const code = made.body.data.code as string;
    const byName = await admin.get('/api/giftcard', { search: 'zelda' });
    expect(byName.body.list.map((c: { code: string }) => c.code)).toEqual([code]);
    const byCode = await admin.get('/api/giftcard', { search: code.slice(5, 14).toLowerCase() });
    expect(byCode.body.list.map((c: { code: string }) => c.code)).toEqual([code]);
    const page = await admin.get('/api/giftcard', { pageSize: 2, page: 1 });
    expect(page.body.list).toHaveLength(2);
    expect(page.body.total).toBeGreaterThan(2);
    const all = await admin.get('/api/giftcard', { pageSize: 100 });
    const owed = all.body.list.reduce((s: number, c: { balanceCents: number }) => s + c.balanceCents, 0);
    const stats = await admin.get('/api/giftcard/stats');
    expect(stats.body.liabilityCents).toBe(owed);
    expect(stats.body.redeemedCents).toBeGreaterThan(0);
  });

  it("another organisation's admin gets 404, and roles without the permission 403", async () => {
    const { body } = await issue({});
    const id = body.data._id;
    expect((await kit.intruder.get(`/api/giftcard/${id}`)).status).toBe(404);
    expect((await kit.intruder.call('POST', `/api/giftcard/${id}/deactivate`)).status).toBe(404);
    expect(
      (
        await kit.intruder.call('PUT', `/api/giftcard-template/${templateId}`, {
          name: 'X',
          fixedAmountsCents: [100],
        })
      ).status,
    ).toBe(404);
    expect((await kit.intruder.get('/api/giftcard')).body.list).toEqual([]);
    expect((await admin.get(`/api/giftcard/${id}`)).body.activated).toBe(true);
    for (const who of [kit.vendor, kit.employee]) {
      expect((await who.get('/api/giftcard')).status).toBe(403);
      expect((await who.call('POST', '/api/giftcard', { recipientName: 'X', amountCents: 100 })).status).toBe(
        403,
      );
      expect((await who.call('POST', `/api/giftcard/${id}/deactivate`)).status).toBe(403);
      expect((await who.get('/api/giftcard-template')).status).toBe(403);
    }
    const removed = await admin.call('DELETE', `/api/giftcard/${id}`);
    expect(removed.body).toEqual({ success: true, message: GIFT_CARD_TEXT.deleted });
    expect((await admin.get(`/api/giftcard/${id}`)).status).toBe(404);
    expect(normalizeGiftCardCode(body.data.code)).toHaveLength(16);
  });
});
