import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { newId } from '../../lib/ids.ts';
import { rows } from '../../lib/sql.ts';
import type { Revocation } from '../../lib/tokens.ts';
import type { AppServices } from '../../plugins/types.ts';
import { feedOf, REVOCATIONS_CHANNEL } from './revocation-feed.ts';

// Taking access away: a revocation is a row written in the transaction of the change that causes
// it (sign-out, a replayed refresh token, a password reset, an account deleted), with a NOTIFY
// that PostgreSQL delivers at commit. After the commit this process knows it at once and the
// others are told (revocation-feed.ts); the check on each request is a lookup in memory.

export interface Revoker {
  /** Every token the user was issued, up to now: the account is gone. */
  user(userId: string): Promise<void>;
  /** Every session the user has now (a password reset); a sign-in after it is not touched. */
  sessionsOf(userId: string): Promise<void>;
  /** One session: its refresh-token family and the access tokens issued with it. */
  session(userId: string, familyId: string): Promise<void>;
}

/** Seconds a revocation is worth writing for: an access token's life, plus a margin for clocks. */
const keepSeconds = (services: AppServices) => services.tokens.accessTtlSeconds + 60;

/**
 * Takes the user's row before any refresh token of theirs is touched, as a refresh does
 * (rotateRefreshToken): one waits for the other, so the statements after this see a token a
 * refresh running now has issued, and revoke it too. Always the user first, then the tokens:
 * the same order everywhere, so neither can wait for the other in a circle.
 */
async function lockUser(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select 1 from users where id = ${userId} for no key update`);
}

async function record(tx: Tx, list: { userId: string; familyId: string | null }[]): Promise<Revocation[]> {
  if (list.length === 0) return [];
  const written = await rows<{ user_id: string; family_id: string | null; at: number }>(
    tx,
    sql`with r as (
          insert into access_revocations (id, user_id, family_id)
          select * from unnest(${sql.param(list.map(() => newId()))}::uuid[],
                               ${sql.param(list.map((r) => r.userId))}::uuid[],
                               ${sql.param(list.map((r) => r.familyId))}::uuid[])
          returning user_id, family_id, (extract(epoch from revoked_at) * 1000)::float8 as at)
        select r.user_id, r.family_id, r.at,
          (select count(*) from (select pg_notify(${REVOCATIONS_CHANNEL},
             json_build_object('u', r.user_id, 'f', r.family_id, 't', r.at)::text)) n) as notified
        from r`,
  );
  return written.map((r) => ({ userId: r.user_id, familyId: r.family_id, at: Number(r.at) }));
}

function revoker(services: AppServices, tx: Tx, done: Revocation[]): Revoker {
  return {
    async user(userId) {
      await lockUser(tx, userId);
      await tx.execute(
        sql`update refresh_tokens set revoked_at = now() where user_id = ${userId} and revoked_at is null`,
      );
      done.push(...(await record(tx, [{ userId, familyId: null }])));
    },
    async sessionsOf(userId) {
      await lockUser(tx, userId);
      // Only families that issued a token within an access token's life can have one still live.
      const families = await rows<{ family_id: string }>(
        tx,
        sql`with spent as (
              update refresh_tokens set revoked_at = now()
              where user_id = ${userId} and revoked_at is null
              returning family_id, created_at)
            select distinct family_id from spent
            where created_at > now() - ${keepSeconds(services)}::int * interval '1 second'`,
      );
      done.push(
        ...(await record(
          tx,
          families.map((f) => ({ userId, familyId: f.family_id })),
        )),
      );
    },
    async session(userId, familyId) {
      await lockUser(tx, userId);
      await tx.execute(
        sql`update refresh_tokens set revoked_at = now() where family_id = ${familyId} and revoked_at is null`,
      );
      done.push(...(await record(tx, [{ userId, familyId }])));
    },
  };
}

/**
 * Runs `work` in a transaction in which it may revoke access; once it commits, this process
 * refuses the revoked tokens at once and the other processes are told.
 */
export async function withRevocations<T>(
  services: AppServices,
  work: (tx: Tx, revoke: Revoker) => Promise<T>,
): Promise<T> {
  const done: Revocation[] = [];
  const result = await services.database.db.transaction((tx) => work(tx, revoker(services, tx, done)));
  announce(services, done);
  return result;
}

/** After the commit: into this process's memory, and to the others through Redis when it is used. */
function announce(services: AppServices, list: Revocation[]): void {
  if (list.length === 0) return;
  for (const r of list) services.tokens.revocations.add(r);
  feedOf(services)?.publish(list);
}
