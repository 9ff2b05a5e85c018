import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../../test/helpers.ts';
import { createKit, imageDataUrl, type Kit } from '../staff.test-kit.ts';

const W = '/api/contact/workhistory';

describe(`an employee's clock (${DB_KIND})`, () => {
  let k: Kit;
  beforeAll(async () => {
    k = await createKit();
  });
  afterAll(() => k.t.close());

  it('starts work, takes a break with a rest description, comes back, sends screenshots and ends', async () => {
    const { employee } = k;
    const start = await employee.call('POST', `${W}/startwork`, {
      userId: '00000000-0000-4000-8000-000000000000',
      userType: 'employee',
      contactId: employee.contactId,
      description: 'Opening',
    });
    expect(start.status).toBe(200);
    expect(start.body).toMatchObject({
      success: true,
      message: 'Work started',
      data: {
        contactId: employee.contactId,
        description: 'Opening',
        endTime: null,
        manual: false,
        onBreak: false,
      },
    });
    const historyId = start.body.data.historyId as string;
    expect(start.body.data._id).toBe(historyId);

    const again = await employee.call('POST', `${W}/startwork`, {});
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe('You are already clocked in');

    // A break needs no text now (a kind, break unless said, and an optional note); a kind it
    // does not know is refused.
    const badKind = await employee.call('POST', `${W}/checkout`, {
      contactId: employee.contactId,
      kind: 'nap',
    });
    expect(badKind.status).toBe(400);

    const rest = await employee.call('POST', `${W}/checkout`, {
      contactId: employee.contactId,
      restDescription: 'Lunch',
    });
    expect(rest.body).toMatchObject({
      message: 'Break started',
      data: { onBreak: true, restDescription: 'Lunch' },
    });
    expect(rest.body.data.breakTimes).toEqual([
      {
        _id: expect.any(String),
        kind: 'break',
        startTime: expect.any(String),
        endTime: null,
        description: 'Lunch',
      },
    ]);
    expect((await employee.call('POST', `${W}/checkout`, { restDescription: 'Again' })).status).toBe(409);

    const back = await employee.call('POST', `${W}/startwork`, { contactId: employee.contactId });
    expect(back.body).toMatchObject({ message: 'Break ended', data: { historyId, onBreak: false } });
    expect(back.body.data.breakTimes[0].endTime).not.toBeNull();

    await employee.call('POST', `${W}/checkout`, { restDescription: 'Coffee' });
    const ended = await employee.call('POST', `${W}/endbreak`, { historyId });
    expect(ended.body).toMatchObject({ message: 'Break ended', data: { onBreak: false } });
    expect(ended.body.data.breakTimes).toHaveLength(2);
    expect((await employee.call('POST', `${W}/endbreak`, { historyId })).status).toBe(409);

    const shot = await employee.call('POST', `${W}/updatework`, {
      historyId,
      screenshot: await imageDataUrl(800, 500),
    });
    expect(shot.status).toBe(200);
    expect(shot.body).toMatchObject({ message: 'Work history updated.', data: { captureStatus: 'sharing' } });
    expect(shot.body.data.screenshot).toMatch(/^\/api\/contact\/workhistory\/screenshot\/.+\/image$/);
    expect(shot.body.data.screenshot_sm).toMatch(/\?size=small$/);
    const thumb = await k.t.app.inject({
      method: 'GET',
      url: shot.body.data.screenshot_sm,
      headers: employee.headers,
    });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    const sharp = (await import('sharp')).default;
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(320);

    const both = await employee.call('POST', `${W}/updatework`, {
      historyId,
      screenshot: await imageDataUrl(200, 100, 'png'),
      screenshot_sm: await imageDataUrl(50, 25),
    });
    expect(both.status).toBe(200);
    const refused = await employee.call('POST', `${W}/updatework`, { historyId, captureStatus: 'refused' });
    expect(refused.body.data.captureStatus).toBe('refused');
    // A share whose video source failed to start is recorded as failed, not as a refusal.
    const failed = await employee.call('POST', `${W}/updatework`, { historyId, captureStatus: 'failed' });
    expect(failed.status).toBe(200);
    expect(failed.body.data.captureStatus).toBe('failed');
    const fake = await employee.call('POST', `${W}/updatework`, {
      historyId,
      screenshot: `data:image/png;base64,${Buffer.from('not an image at all').toString('base64')}`,
    });
    expect(fake.status).toBe(400);
    // Three right bytes do not make an image: what sharp cannot decode is refused, nothing stored.
    const disguised = `data:image/png;base64,${Buffer.concat([
      Buffer.from([0x89]),
      Buffer.from('PNG<script>alert(1)</script>'),
    ]).toString('base64')}`;
    const posing = await employee.call('POST', `${W}/updatework`, {
      historyId,
      screenshot: await imageDataUrl(),
      screenshot_sm: disguised,
    });
    expect(posing.status).toBe(400);
    expect(posing.body.error).toMatchObject({ code: 'VALIDATION' });
    expect(posing.body.error.message).toMatch(/^screenshot_sm: /);
    const asJpeg = await employee.call('POST', `${W}/updatework`, {
      historyId,
      screenshot: (await imageDataUrl(80, 40, 'png')).replace('image/png', 'image/jpeg'),
    });
    expect(asJpeg.status).toBe(400);

    const shots = await employee.get(`${W}/screenshot`, { historyId });
    expect(shots.body.list.map((s: { status: string }) => s.status)).toEqual([
      'captured',
      'captured',
      'refused',
      'failed',
    ]);

    const current = await employee.get(`${W}/current`);
    expect(current.body).toMatchObject({
      contactId: employee.contactId,
      session: { historyId, onBreak: false },
      settings: { screenshotIntervalMinutes: 15, screenshotsEnabled: true, autoEndHours: 12 },
    });
    expect(current.body.week.days).toHaveLength(7);

    const end = await employee.call('POST', `${W}/endwork`, { historyId });
    expect(end.body).toMatchObject({ message: 'Work ended', data: { historyId } });
    expect(end.body.data.endTime).not.toBeNull();
    expect((await employee.call('POST', `${W}/endwork`, { historyId })).status).toBe(409);
    expect((await employee.get(`${W}/current`)).body.session).toBeNull();
  });

  it('deleting a screenshot changes no time, and screenshots show only under their own employee', async () => {
    const { employee, second, admin } = k;
    const start = await second.call('POST', `${W}/startwork`, { description: 'Stock' });
    const historyId = start.body.data.historyId as string;
    await second.call('POST', `${W}/updatework`, { historyId, screenshot: await imageDataUrl() });
    await second.call('POST', `${W}/endwork`, { historyId });
    const before = (await admin.get(`${W}/list`, { contactId: second.contactId })).body;
    const [shot] = (await second.get(`${W}/screenshot`, { historyId })).body.list;

    expect((await employee.get(`${W}/screenshot`, { historyId })).status).toBe(403);
    expect(
      (await k.t.app.inject({ method: 'GET', url: shot.image, headers: employee.headers })).statusCode,
    ).toBe(403);
    expect((await k.intruder.get(`${W}/screenshot`, { historyId })).status).toBe(404);
    const mine = (await employee.get(`${W}/list`)).body.list;
    expect(mine.every((e: { contactId: string }) => e.contactId === employee.contactId)).toBe(true);

    // A screenshot is the proof of its employee's time: only a manager deletes it.
    const own = await second.call('DELETE', `${W}/screenshot/${shot._id}`);
    expect(own.status).toBe(403);
    expect(own.body.error.code).toBe('FORBIDDEN');
    expect((await employee.call('DELETE', `${W}/screenshot/${shot._id}`)).status).toBe(403);
    expect((await second.get(`${W}/screenshot`, { historyId })).body.list).toHaveLength(1);
    const removed = await admin.call('DELETE', `${W}/screenshot/${shot._id}`);
    expect(removed.body).toEqual({ success: true, message: 'Screenshot deleted' });
    const after = (await admin.get(`${W}/list`, { contactId: second.contactId })).body;
    expect(after.totalWorkedMs).toBe(before.totalWorkedMs);
    expect(after.list[0].workedMs).toBe(before.list[0].workedMs);
    expect(after.list[0].screenshot).toBeNull();
    expect(
      (await k.t.app.inject({ method: 'GET', url: shot.image, headers: admin.headers })).statusCode,
    ).toBe(404);
  });

  it('ending work during a break ends the break with it; ending it again is a 409', async () => {
    const { second, admin } = k;
    const start = await second.call('POST', `${W}/startwork`, { description: 'Till' });
    const historyId = start.body.data.historyId as string;
    await second.call('POST', `${W}/checkout`, { restDescription: 'Lunch' });
    // The time sheet shows the session open, counted among the week's entries.
    const { startOfWeek, endOfWeek } = (await second.get(`${W}/current`)).body.week;
    const sheet = async () =>
      (await admin.get(`${W}/overview`, { startOfWeek, endOfWeek })).body.list.find(
        (r: { contactId: string }) => r.contactId === second.contactId,
      );
    const during = await sheet();
    expect(during.open).toBe(true);
    const end = await second.call('POST', `${W}/endwork`, { historyId });
    const after = await sheet();
    expect(after).toMatchObject({ open: false, entries: during.entries, needsConfirmation: 0 });
    expect(after.totalMs).toBeGreaterThanOrEqual(0);
    expect(end.status).toBe(200);
    expect(end.body.data.onBreak).toBe(false);
    expect(end.body.data.breakTimes).toHaveLength(1);
    expect(end.body.data.breakTimes[0].endTime).toBe(end.body.data.endTime);
    expect((await admin.call('POST', `${W}/endwork`, { historyId })).status).toBe(409);
    // A manager ends an employee's session (no break running) in one go, too.
    const next = await second.call('POST', `${W}/startwork`, {});
    const ended = await admin.call('POST', `${W}/endwork`, { historyId: next.body.data.historyId });
    expect(ended.body.data).toMatchObject({ historyId: next.body.data.historyId, breakTimes: [] });
    expect(ended.body.data.endTime).not.toBeNull();
  });

  it('refuses other employees, other roles and other organisations', async () => {
    const { employee, second, client, intruder } = k;
    expect((await client.call('POST', `${W}/startwork`, {})).status).toBe(403);
    const forOther = await employee.call('POST', `${W}/startwork`, { contactId: second.contactId });
    expect(forOther.status).toBe(403);
    const open = await second.call('POST', `${W}/startwork`, {});
    const historyId = open.body.data.historyId as string;
    expect((await employee.call('POST', `${W}/endwork`, { historyId })).status).toBe(403);
    expect((await intruder.call('POST', `${W}/endwork`, { historyId })).status).toBe(404);
    expect(
      (await intruder.call('POST', `${W}/updatework`, { historyId, captureStatus: 'stopped' })).status,
    ).toBe(404);
    expect((await intruder.call('POST', `${W}/startwork`, { contactId: second.contactId })).status).toBe(400);
    // A manager may clock an employee out.
    expect((await k.admin.call('POST', `${W}/endwork`, { historyId })).status).toBe(200);
    expect(await k.scalar('select count(*)::int as n from work_histories where end_at is null')).toBe(0);
  });
});
