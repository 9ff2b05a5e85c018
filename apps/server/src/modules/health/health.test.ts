import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KIND, type TestApp } from '../../../test/helpers.ts';
import { migrationJournal } from '../../db/migrate.ts';

describe(`health (${DB_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers with the database kind and the migration level', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const entries = migrationJournal().entries;
    expect(res.json()).toEqual({
      status: 'ok',
      database: DB_KIND,
      migrations: { applied: entries.length, expected: entries.length, latest: entries.at(-1)!.tag },
    });
  });
});
