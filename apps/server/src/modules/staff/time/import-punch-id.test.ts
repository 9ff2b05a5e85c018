import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../../test/helpers.ts';
import { finished } from '../../contacts/import/import.test-kit.ts';
import { createKit, type Kit } from '../staff.test-kit.ts';

// An employee created by a contact import gets a random punch id, as one added by hand does, so
// they can clock in at the tablet.

describe(`punch ids of imported employees (${DB_KIND})`, () => {
  let k: Kit;
  beforeAll(async () => {
    k = await createKit();
  });
  afterAll(() => k.t.close());

  it('an employee added by contact import gets a 10-digit punch id', async () => {
    const [type] = await k.query<{ id: string }>(
      "select id from contact_types where organization_id = $1 and type = 'employee' limit 1",
      [k.orgId],
    );
    const post = await k.admin.call('POST', '/api/contact/import-contact-array', {
      rows: [{ fullName: 'Imported Worker', email: 'imported.worker@example.test' }],
      options: { contactTypeId: type!.id },
    });
    expect(post.status).toBe(200);
    const done = await finished(k.admin as never, post.body.jobId);
    expect(done.body.status).toBe('success');
    const [row] = await k.query<{ punch_id: string | null }>(
      "select punch_id from contacts where organization_id = $1 and full_name = 'Imported Worker'",
      [k.orgId],
    );
    expect(row!.punch_id).toMatch(/^[1-9]\d{9}$/);
  });
});
