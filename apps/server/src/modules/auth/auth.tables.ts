import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, instant } from '../../db/columns.ts';

/** Sign-in identities are global: one person, many organisations. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    fullName: text('full_name').notNull(),
    phone: text('phone'),
    photo: text('photo'),
    createdAt: createdAt(),
    deletedAt: instant('deleted_at'),
  },
  (t) => [uniqueIndex('users_email_live_uq').on(t.email).where(sql`${t.deletedAt} is null`)],
);

/** The user a row belongs to (user_id): it goes when the user does. */
export const userColumn = () =>
  uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** A user who acted on a row (created_by...): the row stays when the user goes. */
export const userReference = (name: string) =>
  uuid(name).references(() => users.id, { onDelete: 'set null' });

/** Refresh tokens are stored hashed; a family is one sign-in, rotated on every use. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey(),
    userId: userColumn(),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    revokedAt: instant('revoked_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_uq').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

/** One-time password-reset codes, hashed, with an attempt counter. */
export const passwordResetCodes = pgTable(
  'password_reset_codes',
  {
    id: uuid('id').primaryKey(),
    userId: userColumn(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_codes_user_idx').on(t.userId)],
);

/**
 * Access taken away before the access tokens expire: one session (`family_id`, a refresh-token
 * family: sign-out, a replayed refresh token, a password reset) or, with no family, every token
 * the user was issued up to `revoked_at` (an account deleted). Written in the transaction of the
 * change; every API process keeps the rows of the last access-token lifetime in memory
 * (revocation-feed.ts), and older rows are deleted. `revoked_at` is the database's clock at the
 * insert, so that the processes' catch-up reads follow one clock.
 */
export const accessRevocations = pgTable(
  'access_revocations',
  {
    id: uuid('id').primaryKey(),
    userId: userColumn(),
    familyId: uuid('family_id'),
    revokedAt: instant('revoked_at').notNull().default(sql`clock_timestamp()`),
  },
  (t) => [index('access_revocations_revoked_at_idx').on(t.revokedAt)],
);
