import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { PeriodicJob } from '../../lib/periodic-job.ts';
import type { Revocation } from '../../lib/tokens.ts';
import type { AppServices } from '../../plugins/types.ts';

// How each API process learns of revocations made by the others, so that the check on every
// request stays a lookup in memory (lib/tokens.ts, Revocations):
// - told at once: through Redis pub/sub when REDIS_URL is set, otherwise through PostgreSQL
//   LISTEN on a connection of its own (the NOTIFY is sent in the revoking transaction, so it
//   arrives only if that commits). PGlite is one process: the revoking request updates memory.
// - caught up: every CATCH_UP_MS one indexed read of the revocations since the last one seen
//   (with an overlap for transactions that committed late), so a lost notification or a dropped
//   connection still ends access within seconds. It also loads what is in force at start.
// Rows older than an access token's life are deleted by the same read now and then.

export const REVOCATIONS_CHANNEL = 'access_revocations';
export const CATCH_UP_MS = 2_000;
/** A row may commit this long after its revoked_at: each catch-up reads that far back again. */
const OVERLAP_SECONDS = 10;
/** One catch-up in this many also deletes expired rows (about once a minute). */
const CLEAN_EVERY = 30;
const RECONNECT_MS = 1_000;
/** How long a start waits for the Redis subscription before going on without it. */
const START_WAIT_MS = 5_000;

const SINCE_SQL = `select user_id, family_id, (extract(epoch from revoked_at) * 1000)::float8 as at
  from access_revocations
  where revoked_at > greatest($1::timestamptz - interval '${OVERLAP_SECONDS} seconds', now() - $2::int * interval '1 second')`;
const CLEAN_SQL = `delete from access_revocations where revoked_at < now() - $1::int * interval '1 second'`;

export interface FeedOptions {
  catchUpMs: number;
  /** Listen for notifications (PostgreSQL LISTEN or Redis); off only to test the catch-up alone. */
  notifications: boolean;
}

const feeds = new WeakMap<AppServices, RevocationFeed>();

/** The feed of the app these services belong to, once it has started. */
export const feedOf = (services: AppServices) => feeds.get(services);

/** A notification's text: one revocation (NOTIFY) or a list (Redis). */
function parse(text: string): Revocation[] {
  const value: unknown = JSON.parse(text);
  const list = Array.isArray(value) ? value : [value];
  return list.flatMap((r: { u?: unknown; f?: unknown; t?: unknown }) =>
    typeof r.u === 'string' && typeof r.t === 'number'
      ? [{ userId: r.u, familyId: typeof r.f === 'string' ? r.f : null, at: r.t }]
      : [],
  );
}

const wire = (list: Revocation[]) =>
  JSON.stringify(list.map((r) => ({ u: r.userId, f: r.familyId, t: r.at })));

export class RevocationFeed {
  private readonly job: PeriodicJob;
  private readonly options: FeedOptions;
  private lastSeen: number | null = null;
  private runs = 0;
  private stopped = false;
  private listener: pg.Client | null = null;
  private subscriber: Redis | null = null;
  private publisher: Redis | null = null;

  constructor(
    private readonly services: AppServices,
    private readonly log: FastifyBaseLogger,
    options: Partial<FeedOptions> = {},
  ) {
    this.options = { catchUpMs: CATCH_UP_MS, notifications: true, ...options };
    this.job = new PeriodicJob('revocations catch-up', () => this.catchUp(), log, this.options.catchUpMs);
  }

  /** Listens first, then loads what is in force, so nothing falls between the two. */
  async start(): Promise<void> {
    feeds.set(this.services, this);
    const { config, database } = this.services;
    if (this.options.notifications && config.redisUrl) await this.subscribe(config.redisUrl);
    else if (this.options.notifications && database.kind === 'postgres') {
      // A failed LISTEN does not stop the start: the catch-up covers until it is back.
      await this.listen().catch((err: unknown) => this.lost(err));
    }
    await this.catchUp();
    this.job.start(this.options.catchUpMs);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (feeds.get(this.services) === this) feeds.delete(this.services);
    await this.job.stop();
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => undefined);
    // At once, not QUIT: with Redis unreachable a QUIT would wait in the offline queue.
    this.subscriber?.disconnect();
    this.publisher?.disconnect();
  }

  /** Tells the other processes through Redis (the PostgreSQL NOTIFY went with the commit). */
  publish(list: Revocation[]): void {
    this.publisher?.publish(REVOCATIONS_CHANNEL, wire(list)).catch((err: unknown) => {
      this.log.warn({ err }, 'revocations: publishing failed; the other processes catch up within seconds');
    });
  }

  /** Reads the revocations since the last one seen (all those in force, the first time). */
  async catchUp(): Promise<void> {
    const { database, tokens } = this.services;
    const keep = tokens.accessTtlSeconds + 60;
    const since = this.lastSeen === null ? null : new Date(this.lastSeen).toISOString();
    const found = await database.prepared<{ user_id: string; family_id: string | null; at: number }>(
      'revocations_since',
      SINCE_SQL,
      [since, keep],
    );
    for (const row of found) {
      const at = Number(row.at);
      tokens.revocations.add({ userId: row.user_id, familyId: row.family_id, at });
      if (this.lastSeen === null || at > this.lastSeen) this.lastSeen = at;
    }
    tokens.revocations.prune();
    if (++this.runs % CLEAN_EVERY === 0) await database.query(CLEAN_SQL, [keep]);
  }

  private receive(text: string | undefined): void {
    if (!text) return;
    try {
      for (const r of parse(text)) this.services.tokens.revocations.add(r);
    } catch (err) {
      this.log.warn({ err }, 'revocations: an unreadable notification was ignored');
    }
  }

  private async subscribe(url: string): Promise<void> {
    const subscriber = new Redis(url, { maxRetriesPerRequest: null });
    const publisher = new Redis(url, { maxRetriesPerRequest: 2 });
    for (const r of [subscriber, publisher])
      r.on('error', (err) => this.log.warn({ err }, 'revocations: Redis connection error'));
    subscriber.on('message', (_channel: string, text: string) => this.receive(text));
    this.subscriber = subscriber;
    this.publisher = publisher;
    // Redis being down does not stop the start: ioredis subscribes once it connects, and the
    // catch-up covers until then.
    const subscribed = subscriber.subscribe(REVOCATIONS_CHANNEL).then(
      () => true,
      (err: unknown) => {
        this.log.warn({ err }, 'revocations: subscribing through Redis failed');
        return false;
      },
    );
    const waited = new Promise<false>((resolve) => setTimeout(() => resolve(false), START_WAIT_MS).unref());
    if (!(await Promise.race([subscribed, waited]))) {
      this.log.warn('revocations: not subscribed through Redis yet; catching up every few seconds meanwhile');
    }
  }

  /** A connection of its own (not the pool's): it holds LISTEN for the life of the process. */
  private async listen(): Promise<void> {
    const pool = (this.services.database.db as unknown as { $client: pg.Pool }).$client;
    const client = new pg.Client(pool.options);
    const dropped = (err?: unknown) => {
      if (this.listener !== client) return;
      this.listener = null;
      client.end().catch(() => undefined);
      this.lost(err);
    };
    client.on('notification', (m) => this.receive(m.payload));
    client.on('error', dropped);
    client.on('end', () => dropped());
    try {
      await client.connect();
      await client.query(`listen ${REVOCATIONS_CHANNEL}`);
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
    this.listener = client;
  }

  /** LISTEN is gone (or never came): try again shortly; the catch-up covers meanwhile. */
  private lost(err?: unknown): void {
    if (this.stopped) return;
    this.log.warn({ err }, 'revocations: no LISTEN connection; reconnecting');
    setTimeout(() => void this.relisten(), RECONNECT_MS).unref();
  }

  /** Listens again and catches up with what was sent meanwhile; retries until it works. */
  private async relisten(): Promise<void> {
    if (this.stopped) return;
    try {
      await this.listen();
      await this.catchUp();
    } catch (err) {
      this.lost(err);
    }
  }
}
