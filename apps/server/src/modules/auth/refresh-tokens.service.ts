import { sql } from 'drizzle-orm';
import { unauthenticated } from '../../lib/errors.ts';
import { newId } from '../../lib/ids.ts';
import { hashToken, newOpaqueToken } from '../../lib/tokens.ts';
import type { AppServices } from '../../plugins/types.ts';

const DAY_MS = 86_400_000;

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
}

/** Issues an access token and a refresh token in a family (a new family per sign-in). */
export async function issueTokens(
  services: AppServices,
  userId: string,
  familyId: string = newId(),
): Promise<IssuedTokens> {
  const refreshToken = newOpaqueToken();
  const expiresAt = new Date(Date.now() + services.config.refreshTokenTtlDays * DAY_MS);
  await services.database.query(
    'insert into refresh_tokens (id, user_id, family_id, token_hash, expires_at) values ($1, $2, $3, $4, $5)',
    [newId(), userId, familyId, hashToken(refreshToken), expiresAt],
  );
  const accessToken = await services.tokens.sign({ sub: userId, typ: 'access' });
  return { accessToken, refreshToken };
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
 * issued. Presenting a spent token again means it leaked, so the whole family is revoked.
 */
export async function rotateRefreshToken(services: AppServices, presented: string): Promise<IssuedTokens> {
  const { db } = services.database;
  const outcome = await db.transaction(async (tx) => {
    const result = await tx.execute(
      sql`select t.id, t.user_id, t.family_id, t.expires_at, t.used_at, t.revoked_at, u.deleted_at
          from refresh_tokens t join users u on u.id = t.user_id
          where t.token_hash = ${hashToken(presented)} for update of t`,
    );
    const rows = result.rows as unknown as TokenRow[];
    const row = rows[0];
    if (!row) return { error: 'Invalid refresh token' } as const;
    if (row.revoked_at || row.deleted_at) return { error: 'Refresh token revoked' } as const;
    if (row.used_at) {
      await tx.execute(
        sql`update refresh_tokens set revoked_at = now() where family_id = ${row.family_id} and revoked_at is null`,
      );
      return { error: 'Refresh token was already used; please sign in again' } as const;
    }
    if (new Date(row.expires_at).getTime() <= Date.now()) return { error: 'Refresh token expired' } as const;
    await tx.execute(sql`update refresh_tokens set used_at = now() where id = ${row.id}`);
    return { userId: row.user_id, familyId: row.family_id } as const;
  });
  if ('error' in outcome) throw unauthenticated(outcome.error);
  return issueTokens(services, outcome.userId, outcome.familyId);
}

/** Sign-out: the presented token's whole family stops working. Unknown tokens are ignored. */
export async function revokeFamily(services: AppServices, presented: string, userId: string): Promise<void> {
  await services.database.query(
    `update refresh_tokens set revoked_at = now()
     where revoked_at is null and family_id = (select family_id from refresh_tokens where token_hash = $1 and user_id = $2)`,
    [hashToken(presented), userId],
  );
}

export async function revokeAllForUser(services: AppServices, userId: string): Promise<void> {
  await services.database.query(
    'update refresh_tokens set revoked_at = now() where user_id = $1 and revoked_at is null',
    [userId],
  );
}
