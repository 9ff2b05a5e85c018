import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KIND } from '../../../../test/helpers.ts';
import type { Kit } from '../../contacts/contacts.test-kit.ts';
import { billingKit } from '../billing.test-kit.ts';
import { BUSY_BATCH, BUSY_REST, paced, type RunScope } from './run-scope.ts';

// A billing run gives way to people using the server: while requests are arriving it takes
// smaller batches and rests after each; while nobody is, it goes on at once. A run's own
// progress poll does not count as someone using the server.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const scope: RunScope = { now: new Date(), batchSize: 500 };

/** One paced batch of 30 ms: the batch size it was given and how long it took with its rest. */
async function oneBatch(busy: boolean) {
  const sizes: number[] = [];
  const started = performance.now();
  await paced(
    scope,
    () => busy,
    async (s) => {
      sizes.push(s.batchSize);
      await sleep(30);
    },
  );
  return { sizes, took: performance.now() - started };
}

describe('paced batches', () => {
  it('while requests arrive: a smaller batch, then twice its time of rest', async () => {
    const { sizes, took } = await oneBatch(true);
    expect(sizes).toEqual([BUSY_BATCH]);
    expect(took).toBeGreaterThanOrEqual(30 * (1 + BUSY_REST) - 5);
  });

  it('while nobody is using the server: the full batch and no rest', async () => {
    const { sizes, took } = await oneBatch(false);
    expect(sizes).toEqual([500]);
    expect(took).toBeLessThan(30 * (1 + BUSY_REST) - 10);
  });
});

describe(`what counts as using the server (${DB_KIND})`, () => {
  let k: Kit;
  beforeAll(async () => {
    k = await billingKit();
  });
  afterAll(() => k.t.close());

  it("a run's progress poll does not; any other request does", async () => {
    const { pace } = k.t.app.services;
    const before = performance.now();
    const poll = await k.admin.call('GET', '/api/payment/run');
    expect(poll.status).toBe(200);
    expect(pace.lastAt).toBeLessThan(before);
    const list = await k.admin.call('GET', '/api/contact/get');
    expect(list.status).toBe(200);
    expect(pace.lastAt).toBeGreaterThanOrEqual(before);
    expect(pace.busy()).toBe(true);
    expect(pace.busy(1000, pace.lastAt + 1000)).toBe(false);
  });
});
