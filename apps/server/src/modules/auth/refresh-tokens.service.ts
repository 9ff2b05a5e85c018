import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { unauthenticated } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { rows } from '../../lib/sql.ts';
import { hashToken, newOpaqueToken } from '../../lib/tokens.ts';
import type { AppServices } from '../../plugins/types.ts';
import { withRevocations } from './revocations.service.ts';

const DAY_MS = 86_400_000;

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
}

/** A new refresh token in the family, stored hashed; answers the token itself. */
async function storeRefreshToken(
  q: Queryable,
  services: AppServices,
  userId: string,
  familyId: string,
): Promise<string> {
  const refreshToken = newOpaqueToken();
  const expiresAt = new Date(Date.now() + services.config.refreshTokenTtlDays * DAY_MS);
  await q.execute(
    sql`insert into refresh_tokens (id, user_id, family_id, token_hash, expires_at)
        values (${newId()}, ${userId}, ${familyId}, ${hashToken(refreshToken)}, ${expiresAt})`,
  );
  return refreshToken;
}

/** The access token of a session: its family is the session id, so that it can be revoked. */
const accessToken = (services: AppServices, userId: string, familyId: string) =>
  services.tokens.sign({ sub: userId, typ: 'access', sid: familyId });

/** Issues an access token and a refresh token in a family (a new family per sign-in). */
export async function issueTokens(
  services: AppServices,
  userId: string,
  familyId: string = newId(),
): Promise<IssuedTokens> {
  const refreshToken = await storeRefreshToken(services.database.db, services, userId, familyId);
  return { accessToken: await accessToken(services, userId, familyId), refreshToken };
}

interface TokenRow {
  id: string;
  user_id: string;
  family_id: string;
  expires_at: Date;
  used_at: Date | null;
  revoked_at: Date | null;
  deleted_at: Date | null;
}

/**
 * Rotates a refresh token: the presented token is spent and a new one in the same family is
 * issued, in one transaction. Presenting a spent token again means it leaked, so the whole family
 * is revoked, its access tokens too. The user's row is taken first, as every revocation takes it
 * (revocations.service.ts): a sign-out, a password reset or a deletion running at the same time
 * either sees the new token and revokes it, or is seen by this rotation, which then refuses.
 */
export async function rotateRefreshToken(services: AppServices, presented: string): Promise<IssuedTokens> {
  const hash = hashToken(presented);
  const outcome = await withRevocations(services, async (tx, revoke) => {
    await tx.execute(
      sql`select 1 from users where id = (select user_id from refresh_tokens where token_hash = ${hash})
          for no key update`,
    );
    const [row] = await rows<TokenRow>(
      tx,
      sql`select t.id, t.user_id, t.family_id, t.expires_at, t.used_at, t.revoked_at, u.deleted_at
          from refresh_tokens t join users u on u.id = t.user_id
          where t.token_hash = ${hash} for update of t`,
    );
    if (!row) return { error: 'Invalid refresh token' } as const;
    if (row.revoked_at || row.deleted_at) return { error: 'Refresh token revoked' } as const;
    if (row.used_at) {
      await revoke.session(row.user_id, row.family_id);
      return { error: 'Refresh token was already used; please sign in again' } as const;
    }
    if (new Date(row.expires_at).getTime() <= Date.now()) return { error: 'Refresh token expired' } as const;
    await tx.execute(sql`update refresh_tokens set used_at = now() where id = ${row.id}`);
    const refreshToken = await storeRefreshToken(tx, services, row.user_id, row.family_id);
    return { userId: row.user_id, familyId: row.family_id, refreshToken } as const;
  });
  if ('error' in outcome) throw unauthenticated(outcome.error);
  return {
    accessToken: await accessToken(services, outcome.userId, outcome.familyId),
    refreshToken: outcome.refreshToken,
  };
}

/**
 * Sign-out: the session the call is made with ends, and so does the family of the refresh token
 * presented when it is the user's (usually the same session). Unknown tokens are ignored.
 */
export async function signOut(
  services: AppServices,
  userId: string,
  sessionId: string | null,
  presented: string,
): Promise<void> {
  await withRevocations(services, async (tx, revoke) => {
    const [row] = await rows<{ family_id: string }>(
      tx,
      sql`select family_id from refresh_tokens where token_hash = ${hashToken(presented)} and user_id = ${userId}`,
    );
    const families = new Set([sessionId, row?.family_id].filter((f): f is string => !!f));
    for (const familyId of families) await revoke.session(userId, familyId);
  });
}
