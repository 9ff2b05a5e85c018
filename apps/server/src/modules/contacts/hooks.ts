import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { Seam, type Seams } from '../../lib/seams.ts';

// The contact lifecycle hooks. A contact is merged into another and deleted by the contacts
// module, but other modules keep rows that point at contacts: each registers, under its name, the
// tables it keeps that do, the unique keys over a contact column among them, and what it does
// when contacts are merged or deleted. No module's SQL writes another module's tables: booking
// folds its own slot tallies, billing moves its own cards. The hooks are registered on the app
// (its seams), by module name, so every app built in one process (tests build many) has its own.

/** The contacts of one merge: the kept (primary) contact first, then the duplicates in the order given. */
export interface MergeSet {
  orgId: string;
  primaryId: string;
  duplicateIds: string[];
  all: string[];
}

export interface ContactHooks {
  /** The module's tables with a foreign key to contacts, each with its contact columns. */
  tables: Record<string, readonly string[]>;
  /**
   * The unique keys (`table.index`) over a contact column of those tables and how `merge`
   * settles them before it moves the rows (a test compares this with the database).
   */
  uniqueKeys?: Record<string, string>;
  /**
   * Moves the module's rows from the duplicates onto the kept contact, after settling what would
   * then clash on a unique key. Runs inside the merge's transaction, once the merged contacts are
   * locked and the duplicates soft-deleted. A unique key it leaves clashing fails the merge (409).
   */
  merge?(tx: Tx, set: MergeSet): Promise<void>;
  /** Runs once contacts are (softly) deleted, in the same transaction. */
  deleted?(tx: Tx, orgId: string, contactIds: string[]): Promise<void>;
  /** Runs when a contact's full name changed, in the same transaction, with the new name. */
  renamed?(tx: Tx, orgId: string, contactId: string, fullName: string): Promise<void>;
}

/** Contacts' seam: every module's lifecycle hooks, on the app (lib/seams.ts). */
export const CONTACT_HOOKS = new Seam<ContactHooks>('contact lifecycle hooks');

/** Every module's hooks, in the order the modules registered them. */
export type ContactHookList = readonly (readonly [string, ContactHooks])[];

/** Registers (or replaces) the hooks of `module` on `app`. */
export function registerContactHooks(
  app: { services: { seams: Seams } },
  module: string,
  hooks: ContactHooks,
): void {
  app.services.seams.add(CONTACT_HOOKS, module, hooks);
}

/** The hooks registered on an app. */
export const contactHooksOf = (services: { seams: Seams }): ContactHookList =>
  services.seams.all(CONTACT_HOOKS);

/** A row's rank in the merge, by its contact `column`: the kept contact first, then the duplicates in order. */
export const mergeRank = (set: MergeSet, column: SQL) =>
  sql`array_position(${sql.param(set.all)}::uuid[], ${column})`;

/** The row's contact `column` is one of the merged contacts. */
export const inMergeSet = (set: MergeSet, column: SQL) => sql`${column} = any(${sql.param(set.all)}::uuid[])`;

/** The row's contact `column` is one of the duplicates. */
export const ofDuplicates = (set: MergeSet, column: SQL) =>
  sql`${column} = any(${sql.param(set.duplicateIds)}::uuid[])`;
