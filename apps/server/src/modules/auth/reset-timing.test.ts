import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DB_KIND, seedTenant, type TestApp } from '../../../test/helpers.ts';
import { buildApp } from '../../app.ts';
import type { Mail, Mailer } from '../../lib/mailer.ts';
import { MemoryRateLimiter } from '../../lib/rate-limiter.ts';
import { resetCodeSender } from './reset-mail.ts';

// Asking for a reset code must not tell whether the address has an account: the answer is the
// same and comes as fast, because both paths do the same work before answering and everything
// that depends on the account (the code, the mail) runs after the answer.

/** A mailer whose messages are held until the test lets them go. */
function heldMailer(): Mailer & { release(): void; sent: Mail[] } {
  const recent: Mail[] = [];
  const sent: Mail[] = [];
  let open!: () => void;
  const gate = new Promise<void>((r) => {
    open = r;
  });
  return {
    recent,
    sent,
    release: () => open(),
    async send(mail) {
      recent.push(mail);
      await gate;
      sent.push(mail);
    },
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

describe(`send-reset-code answers alike for known and unknown addresses (${DB_KIND})`, () => {
  let t: TestApp;
  let org: Awaited<ReturnType<typeof seedTenant>>;
  beforeAll(async () => {
    t = await createTestApp();
    org = await seedTenant(t, ['admin', 'client']);
  });
  afterAll(() => t.close());

  it('both answer before any mail is sent, and the code still arrives', async () => {
    const mailer = heldMailer();
    const app = await buildApp({
      config: t.app.services.config,
      database: t.database,
      mailer,
      limiter: new MemoryRateLimiter(),
    });
    await app.ready();
    try {
      const ask = (email: string) =>
        app.inject({ method: 'POST', url: '/api/auth/send-reset-code', payload: { email } });
      const [known, unknown] = await Promise.all([ask(org.emails.client!), ask('nobody-here@example.test')]);
      expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
      expect(known.json()).toEqual(unknown.json());
      expect(mailer.sent).toHaveLength(0);
      mailer.release();
      await resetCodeSender(app.services).idle();
      expect(mailer.sent.map((m) => m.to)).toEqual([org.emails.client]);
    } finally {
      mailer.release();
      await app.close();
    }
  });

  it('a failed mail is logged, not lost silently', async () => {
    const logged: string[] = [];
    const failing: Mailer = {
      recent: [],
      send: () => Promise.reject(new Error('smtp down')),
    };
    const app = await buildApp({
      config: t.app.services.config,
      database: t.database,
      mailer: failing,
      limiter: new MemoryRateLimiter(),
      logger: {
        level: 'error',
        stream: { write: (line: string) => void logged.push(line) },
      },
    });
    await app.ready();
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/send-reset-code',
        payload: { email: org.emails.admin },
      });
      expect(res.statusCode).toBe(200);
      await resetCodeSender(app.services).idle();
      expect(logged.join('\n')).toMatch(/reset code.*not sent/i);
      expect(logged.join('\n')).toContain('smtp down');
    } finally {
      await app.close();
    }
  });

  it('the median answer times of 30 known and 30 unknown addresses differ by less than 1 ms', async () => {
    const sender = resetCodeSender(t.app.services);
    const time = async (email: string, i: number) => {
      await sender.idle();
      const t0 = performance.now();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/send-reset-code',
        payload: { email },
        remoteAddress: `10.77.${Math.floor(i / 200)}.${i % 200}`,
      });
      const ms = performance.now() - t0;
      expect(res.statusCode).toBe(200);
      return ms;
    };
    // Warm both paths first (JIT, prepared statements).
    for (let i = 0; i < 5; i++) {
      await time(org.emails.admin!, 900 + i);
      await time(`warm-${i}@example.test`, 950 + i);
    }
    const known: number[] = [];
    const unknown: number[] = [];
    // Interleaved, so that whatever else the machine does falls on both alike.
    for (let i = 0; i < 30; i++) {
      known.push(await time(org.emails.admin!, i));
      unknown.push(await time(`ghost-${i}@example.test`, 100 + i));
    }
    await sender.idle();
    const gap = Math.abs(median(known) - median(unknown));
    expect(
      gap,
      `known ${median(known).toFixed(2)} ms, unknown ${median(unknown).toFixed(2)} ms`,
    ).toBeLessThan(1);
  });
});
