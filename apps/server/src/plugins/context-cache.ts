import type { DatabaseHandle } from '../db/client.ts';
import type { ContextRow } from './context.ts';
import type { RequestContext } from './types.ts';

/**
 * How long a kept context may be used without a word from the database: as long as a revocation
 * may take to reach a process that missed its notification (the revocations catch-up interval).
 */
export const CONTEXT_MAX_AGE_MS = 2_000;
/** Contexts kept at most; past it all are dropped and kept afresh (a bound, not a working size). */
const MAX_CONTEXTS = 20_000;

/** A context as read, and what the server derived from it. */
export interface KeptContext {
  row: ContextRow;
  context: RequestContext;
}

interface Entry<T> {
  value: T;
  /** When the read that answered it began (performance.now()). */
  readAt: number;
}

/** Taken before a read: keeping its answer is refused if a change was announced since. */
export interface Ticket {
  generation: number;
  at: number;
}

/**
 * The request contexts (membership, organisation, role and contact type) this process keeps in
 * memory, so that a signed-in request reads none of them while they stay unchanged. A change to
 * any of their rows is announced by the database at commit (NOTIFY tenant_context, sent by
 * triggers: db/sql/app-notify-context-change.sql) and drops the organisation's contexts here;
 * in the process that made the change before its COMMIT answers. A context is never used once
 * CONTEXT_MAX_AGE_MS old, nor while no connection listens, so a notification that was missed
 * still takes effect within that time.
 */
export class ContextCache {
  /** Organisation id, then user and assigner. */
  private readonly contexts = new Map<string, Map<string, Entry<KeptContext>>>();
  private size = 0;
  /** A user's first organisation (requests without an organization header). */
  private readonly firstOrgs = new Map<string, Entry<string>>();
  private generation = 0;

  constructor(
    private readonly database: Pick<DatabaseHandle, 'listening'>,
    private readonly maxAgeMs = CONTEXT_MAX_AGE_MS,
  ) {}

  ticket(): Ticket {
    return { generation: this.generation, at: performance.now() };
  }

  private fresh<T>(entry: Entry<T> | undefined): entry is Entry<T> {
    if (!entry) return false;
    if (!this.database.listening()) {
      this.forget(null);
      return false;
    }
    return performance.now() - entry.readAt < this.maxAgeMs;
  }

  context(organizationId: string, userId: string, assigner: string | null): KeptContext | undefined {
    const entry = this.contexts.get(organizationId)?.get(`${userId} ${assigner ?? ''}`);
    return this.fresh(entry) ? entry.value : undefined;
  }

  keepContext(ticket: Ticket, userId: string, assigner: string | null, value: KeptContext): void {
    if (ticket.generation !== this.generation) return;
    if (this.size >= MAX_CONTEXTS) this.forget(null);
    const organizationId = value.context.organizationId;
    let org = this.contexts.get(organizationId);
    if (!org) {
      org = new Map();
      this.contexts.set(organizationId, org);
    }
    const key = `${userId} ${assigner ?? ''}`;
    if (!org.has(key)) this.size += 1;
    org.set(key, { value, readAt: ticket.at });
  }

  firstOrganization(userId: string): string | undefined {
    const entry = this.firstOrgs.get(userId);
    return this.fresh(entry) ? entry.value : undefined;
  }

  keepFirstOrganization(ticket: Ticket, userId: string, organizationId: string): void {
    if (ticket.generation !== this.generation) return;
    if (this.firstOrgs.size >= MAX_CONTEXTS) this.firstOrgs.clear();
    this.firstOrgs.set(userId, { value: organizationId, readAt: ticket.at });
  }

  /** Drops one organisation's contexts (null: all), and every answer of a read running now. */
  forget(organizationId: string | null): void {
    this.generation += 1;
    // Which organisation is a user's first may change with any membership.
    this.firstOrgs.clear();
    if (organizationId === null) {
      this.contexts.clear();
      this.size = 0;
      return;
    }
    const org = this.contexts.get(organizationId);
    if (!org) return;
    this.size -= org.size;
    this.contexts.delete(organizationId);
  }
}
