import { sql } from 'drizzle-orm';
import type { DatabaseHandle, Queryable } from '../../db/client.ts';
import { conflict } from '../../lib/errors.ts';
import { isUniqueViolation } from '../../lib/sql.ts';
import { users } from './auth.tables.ts';

// The users table (sign-in identities, global): the rows other modules read and change go
// through these calls.

export const EMAIL_TAKEN = 'This email is already in use';

export interface UserRow {
  id: string;
  full_name: string;
  email: string;
  phone: string | null;
  photo: string | null;
  created_at: Date | string;
  password_hash: string;
}

const COLUMNS = 'id, full_name, email, phone, photo, created_at, password_hash';

/** The live user with this id. */
export async function findUser(database: DatabaseHandle, id: string): Promise<UserRow | undefined> {
  const rows = await database.query<UserRow>(
    `select ${COLUMNS} from users where id = $1 and deleted_at is null`,
    [id],
  );
  return rows[0];
}

/** 409 when a live user already has this e-mail. */
export async function assertEmailFree(database: DatabaseHandle, email: string): Promise<void> {
  const existing = await database.query('select 1 from users where email = $1 and deleted_at is null', [
    email,
  ]);
  if (existing.length > 0) throw conflict(EMAIL_TAKEN);
}

export interface NewUser {
  id: string;
  email: string;
  passwordHash: string;
  fullName: string;
}

/**
 * Inserts users (global rows: before a transaction switches to a tenant role). An e-mail a live
 * user has already is a 409, also when two sign-ups race for it.
 */
export async function insertUsers(tx: Queryable, rows: NewUser[]): Promise<void> {
  if (rows.length === 0) return;
  try {
    await tx.insert(users).values(rows);
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_live_uq')) throw conflict(EMAIL_TAKEN);
    throw err;
  }
}

export interface ProfileRow {
  fullName: string;
  phone: string | null;
  photo: string | null;
  passwordHash: string;
}

export async function saveProfile(database: DatabaseHandle, id: string, p: ProfileRow): Promise<UserRow> {
  const rows = await database.query<UserRow>(
    `update users set full_name = $2, phone = $3, photo = $4, password_hash = $5 where id = $1
     returning ${COLUMNS}`,
    [id, p.fullName, p.phone, p.photo, p.passwordHash],
  );
  return rows[0]!;
}

/** Soft delete: the row stays for history, the e-mail is free again. */
export async function markUserDeleted(tx: Queryable, id: string): Promise<void> {
  await tx.execute(sql`update users set deleted_at = now() where id = ${id}`);
}
