import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../../test/helpers.ts';
import { newId } from '../../../lib/ids.ts';
import { createKit, type Kit } from '../../contacts/contacts.test-kit.ts';

const DAY = 86_400_000;
const ago = (days: number) => new Date(Date.now() - days * DAY).toISOString();

describe(`qualified progression and program (${DB_KIND})`, () => {
  let k: Kit;
  let contact: string;
  let white: string;
  let blue: string;
  let bjjType: string;
  let thaiType: string;
  const url = () => `/api/contact-qualification/${contact}`;

  /** A completed class attended `days` ago (what a kiosk check-in leaves). */
  async function attended(typeId: string, days: number, status = 'completed') {
    await k.t.database.query(
      `insert into bookings (organization_id, id, contact_id, booking_type_id, status, attend_date, type, start_date, end_date)
       values ($1, $2, $3, $4, $5, $6::timestamptz, 'class', $6::timestamptz, $6::timestamptz + interval '1 hour')`,
      [k.org.id, newId(), contact, typeId, status, ago(days)],
    );
  }
  async function bookingType(title: string, program: string) {
    const id = newId();
    await k.t.database.query(
      `insert into booking_types (organization_id, id, title, label, value, program_name) values ($1, $2, $3, $3, $3, $4)`,
      [k.org.id, id, title, program],
    );
    return id;
  }

  beforeAll(async () => {
    k = await createKit();
    const category = (await k.admin.call('POST', '/api/rank-category/add', { name: 'Brazilian Jiu-Jitsu' }))
      .body.data._id;
    white = (
      await k.admin.call('POST', '/api/client-ranks/add', { categoryId: category, name: 'White belt' })
    ).body.data._id;
    blue = (await k.admin.call('POST', '/api/client-ranks/add', { categoryId: category, name: 'Blue belt' }))
      .body.data._id;
    contact = (await k.admin.call('POST', '/api/contact/add', { fullName: 'Belt Member', rankId: white }))
      .body.data._id;
    bjjType = await bookingType('BJJ Fundamentals', 'Brazilian Jiu-Jitsu');
    thaiType = await bookingType('Muay Thai', ' muay thai ');
  });
  afterAll(() => k.t.close());

  it('sets a rank’s requirements, refusing bad values by field and other organisations', async () => {
    const saved = await k.admin.call('PUT', `/api/client-ranks/requirements/${blue}`, {
      classesRequired: 3,
      minDaysInRank: 30,
    });
    expect(saved.body).toEqual({
      success: true,
      message: 'Rank requirements updated',
      data: {
        _id: blue,
        name: 'Blue belt',
        categoryId: expect.any(String),
        classesRequired: 3,
        minDaysInRank: 30,
      },
    });
    for (const [body, field] of [
      [{ classesRequired: -1 }, 'classesRequired'],
      [{ minDaysInRank: 2.5 }, 'minDaysInRank'],
      [{}, 'classesRequired'],
    ] as const) {
      const res = await k.admin.call('PUT', `/api/client-ranks/requirements/${blue}`, body);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body.error)).toContain(field);
    }
    const intruder = await k.intruder.call('PUT', `/api/client-ranks/requirements/${blue}`, {
      classesRequired: 0,
    });
    expect(intruder.status).toBe(404);
    const row = await k.t.database.query<{ classes_required: number }>(
      'select classes_required from client_ranks where id = $1',
      [blue],
    );
    expect(row[0]!.classes_required).toBe(3);
  });

  it('answers the requirements with the ranks lists, null where none is set', async () => {
    await k.admin.call('PUT', `/api/client-ranks/requirements/${blue}`, { classesRequired: 20 });
    const requirements = (list: { _id: string; classesRequired: unknown; minDaysInRank: unknown }[]) =>
      list.map((r) => [r._id, r.classesRequired, r.minDaysInRank]);
    const expected = [
      [white, null, null],
      [blue, 20, 30],
    ];
    const list = (await k.admin.get('/api/client-ranks/get')).body.list;
    expect(requirements(list)).toEqual(expected);
    const categoryId = list[0].categoryId;
    const info = (await k.admin.get(`/api/rank-category/category_rank_info/${categoryId}`)).body;
    expect(requirements(info.ranks)).toEqual(expected);
    const renamed = await k.admin.call('PUT', `/api/client-ranks/update/${blue}`, { name: 'Blue belt' });
    expect(renamed.body.data).toMatchObject({ classesRequired: 20, minDaysInRank: 30 });
    await k.admin.call('PUT', `/api/client-ranks/requirements/${blue}`, { classesRequired: 3 });
  });

  it('counts classes since the rank was reached, days in rank, and whether the member qualifies', async () => {
    // The rank was given 40 days ago; classes before that do not count.
    await k.t.database.query('update contact_rank_history set reached_at = $1 where contact_id = $2', [
      ago(40),
      contact,
    ]);
    await attended(bjjType, 50);
    await attended(bjjType, 20);
    await attended(thaiType, 10);
    await attended(bjjType, 5, 'booked');
    const first = (await k.admin.get(url())).body;
    expect(first.progression).toMatchObject({
      category: { name: 'Brazilian Jiu-Jitsu' },
      currentRank: { _id: white, name: 'White belt' },
      nextRank: { _id: blue, name: 'Blue belt', classesRequired: 3, minDaysInRank: 30 },
      rankSince: ago(40).slice(0, 10) + first.progression.rankSince.slice(10),
      check: {
        classesAttended: 2,
        classesRequired: 3,
        classesRemaining: 1,
        daysInRank: 40,
        minDaysInRank: 30,
        daysRemaining: 0,
        hasRequirements: true,
        qualifies: false,
      },
    });
    expect(first.progression.history).toEqual([
      { rankId: white, rankName: 'White belt', reachedAt: expect.any(String) },
    ]);
    expect(first.programs).toEqual([
      {
        program: 'Brazilian Jiu-Jitsu',
        categoryId: first.progression.category._id,
        rankName: 'White belt',
        nextRankName: 'Blue belt',
        attendedLast30Days: 1,
        attendedLast90Days: 2,
        lastAttendedAt: expect.any(String),
        check: expect.objectContaining({ classesAttended: 1, classesRemaining: 2, qualifies: false }),
        hasClasses: true,
      },
      {
        program: 'muay thai',
        categoryId: null,
        rankName: null,
        nextRankName: null,
        attendedLast30Days: 1,
        attendedLast90Days: 1,
        lastAttendedAt: expect.any(String),
        check: null,
        hasClasses: true,
      },
    ]);

    await attended(bjjType, 2);
    const second = (await k.admin.get(url())).body;
    expect(second.progression.check).toMatchObject({
      classesAttended: 3,
      classesRemaining: 0,
      qualifies: true,
    });
    expect(second.programs[0].check).toMatchObject({ classesAttended: 2, qualifies: false });
  });

  it('restarts the count when the rank changes, whoever changes it', async () => {
    const updated = await k.admin.call('PUT', `/api/contact/update/${contact}`, { rankId: blue });
    expect(updated.status).toBe(200);
    const answer = (await k.admin.get(url())).body.progression;
    expect(answer.currentRank.name).toBe('Blue belt');
    expect(answer.nextRank).toBeNull();
    expect(answer.check).toMatchObject({
      classesAttended: 0,
      daysInRank: 0,
      hasRequirements: false,
      qualifies: false,
    });
    expect(answer.history.map((h: { rankName: string }) => h.rankName)).toEqual(['Blue belt', 'White belt']);
    // Saving the same rank again records nothing new.
    await k.admin.call('PUT', `/api/contact/update/${contact}`, { rankId: blue, fullName: 'Belt Member' });
    expect((await k.admin.get(url())).body.progression.history).toHaveLength(2);
  });

  it('says when no booking type names a progression, so nothing can count toward it yet', async () => {
    const levels = (await k.admin.call('POST', '/api/rank-category/add', { name: 'Wrestling Levels' })).body
      .data._id;
    const first = (
      await k.admin.call('POST', '/api/client-ranks/add', { categoryId: levels, name: 'Level 1' })
    ).body.data._id;
    const wrestler = (await k.admin.call('POST', '/api/contact/add', { fullName: 'Wrestler', rankId: first }))
      .body.data._id;
    const before = (await k.admin.get(`/api/contact-qualification/${wrestler}`)).body.programs;
    expect(before).toEqual([
      expect.objectContaining({ program: 'Wrestling Levels', rankName: 'Level 1', hasClasses: false }),
    ]);
    await bookingType('Takedowns', 'wrestling levels');
    const after = (await k.admin.get(`/api/contact-qualification/${wrestler}`)).body.programs;
    expect(after).toEqual([expect.objectContaining({ program: 'Wrestling Levels', hasClasses: true })]);
  });

  it('answers a contact without rank with attendance only', async () => {
    const plain = (await k.admin.call('POST', '/api/contact/add', { fullName: 'No Rank' })).body.data._id;
    const answer = (await k.admin.get(`/api/contact-qualification/${plain}`)).body;
    expect(answer).toEqual({
      contactId: plain,
      progression: {
        category: null,
        currentRank: null,
        nextRank: null,
        rankSince: null,
        check: null,
        history: [],
      },
      programs: [],
    });
  });

  it('answers 404 for another organisation’s contact and for a missing one', async () => {
    expect((await k.intruder.get(url())).status).toBe(404);
    expect((await k.admin.get(`/api/contact-qualification/${newId()}`)).status).toBe(404);
    expect((await k.admin.get('/api/contact-qualification/not-an-id')).status).toBe(400);
  });
});
