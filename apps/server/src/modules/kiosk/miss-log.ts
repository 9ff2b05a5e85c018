import type { Database } from '../../db/client.ts';
import { withTenant } from '../../db/tenant.ts';
import { recordAudit } from '../organizations/index.ts';

// Code lookups that found nobody (and lookups refused by the limit) go to the organisation's audit
// log, so an admin can see a kiosk being used to guess codes. They are counted in memory and
// written as one entry per device per minute (per API process), never one per request: guessing
// cannot flood the log, and the kiosk's hot path writes nothing.

export const KIOSK_MISSES_ACTION = 'kiosk.code_lookups_missed';

export interface MissEntry {
  organizationId: string;
  deviceId: string;
  /** Lookups that answered no member. */
  misses: number;
  /** Lookups refused because the device's budget was spent. */
  refused: number;
  from: Date;
  to: Date;
}

interface Pending extends MissEntry {
  timer: NodeJS.Timeout;
}

export class KioskMissLog {
  private readonly pending = new Map<string, Pending>();
  private readonly writes = new Set<Promise<void>>();

  constructor(
    private readonly write: (entry: MissEntry) => Promise<void>,
    private readonly log: { error(obj: unknown, msg: string): void },
    private readonly windowMs = 60_000,
    private readonly now: () => Date = () => new Date(),
  ) {}

  miss(organizationId: string, deviceId: string): void {
    this.entry(organizationId, deviceId).misses += 1;
  }

  refused(organizationId: string, deviceId: string): void {
    this.entry(organizationId, deviceId).refused += 1;
  }

  /** Writes every entry still counting (the app is closing); resolves once all are written. */
  async flush(): Promise<void> {
    for (const key of [...this.pending.keys()]) this.writeOut(key);
    await Promise.all([...this.writes]);
  }

  private entry(organizationId: string, deviceId: string): Pending {
    const key = `${organizationId}:${deviceId}`;
    let e = this.pending.get(key);
    if (!e) {
      const timer = setTimeout(() => this.writeOut(key), this.windowMs);
      timer.unref();
      const at = this.now();
      e = { organizationId, deviceId, misses: 0, refused: 0, from: at, to: at, timer };
      this.pending.set(key, e);
    }
    e.to = this.now();
    return e;
  }

  private writeOut(key: string): void {
    const e = this.pending.get(key);
    if (!e) return;
    this.pending.delete(key);
    clearTimeout(e.timer);
    const { timer: _, ...entry } = e;
    const done = this.write(entry)
      .catch((err) => this.log.error({ err }, 'kiosk: writing lookup misses to the audit log failed'))
      .finally(() => this.writes.delete(done));
    this.writes.add(done);
  }
}

/** Writes an entry to the device's organisation's audit log, in a short transaction of its own. */
export const auditMisses =
  (db: Database) =>
  (e: MissEntry): Promise<void> =>
    withTenant(db, e.organizationId, (tx) =>
      recordAudit(tx, {
        organizationId: e.organizationId,
        action: KIOSK_MISSES_ACTION,
        entity: 'device',
        entityId: e.deviceId,
        data: { misses: e.misses, refused: e.refused, from: e.from.toISOString(), to: e.to.toISOString() },
      }),
    );
