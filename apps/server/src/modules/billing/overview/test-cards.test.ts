import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../../test/helpers.ts';
import type { Kit } from '../../contacts/contacts.test-kit.ts';
import { billingKit } from '../billing.test-kit.ts';

// A production server (NODE_ENV=production) never lists the sandbox's test cards, not even to
// its admins; the card form still collects cards through the sandbox.

describe(`test cards on a production server (${DB_KIND})`, () => {
  let k: Kit;
  beforeAll(async () => {
    k = await billingKit({ NODE_ENV: 'production' });
  });
  afterAll(() => k.t.close());

  it('lists no test cards to anyone', async () => {
    for (const caller of [k.admin, k.employee, k.client]) {
      expect((await caller.get('/api/payment/config')).body).toEqual({
        provider: 'sandbox',
        publishableKey: null,
        showTestCards: false,
      });
    }
  });
});
