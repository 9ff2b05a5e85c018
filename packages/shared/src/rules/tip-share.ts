import { sumCents } from './cents-math.ts';
import { allocateByLargestRemainder, type WeightedKey } from './largest-remainder.ts';

// Tip pools: a day's card and cash tips of a pool, split among the people who worked in it, to the
// cent (largest remainder: see largest-remainder.ts for the tie rule). Card tips are paid through
// payroll; cash tips are already in someone's hands, so what matters for cash is who owes whom.

export type TipBasis = 'hours' | 'points' | 'equal';

export interface TipPoolRole {
  roleId: string;
  /** Weight per person under the 'points' basis, up to two decimals. */
  points?: number;
  /**
   * The role's part of the pool (any scale, up to two decimals, e.g. percent). When any role of
   * a pool has one, the pool is first split between roles, then each role's part among its people.
   */
  share?: number;
  /** false for managers and supervisors: they take no part in the pool. */
  sharesTips?: boolean;
}

export interface TipPoolDay {
  poolId: string;
  day: string;
  basis: TipBasis;
  roles: readonly TipPoolRole[];
  cardTipsCents: number;
  cashTipsCents: number;
}

/** One employee's work in one pool on one day (two entries of the same pool and role are added up). */
export interface TipWorkEntry {
  employeeId: string;
  day: string;
  poolId: string;
  roleId: string;
  workedMs: number;
  /** Cash tips of that day the employee already holds. */
  cashHeldCents?: number;
}

export interface TipShareLine {
  day: string;
  poolId: string;
  employeeId: string;
  roleId: string;
  workedMs: number;
  ccTip: number;
  cashTip: number;
}

/** The per-employee figures of the tip screens. */
export interface TipEmployeeTotal {
  employeeId: string;
  workedMs: number;
  ccTip: number;
  cashTip: number;
  totalAmount: number;
  cashHeld: number;
  /** Cash share less cash held: positive is owed to the employee, negative is handed back. */
  cashTipOwed: number;
}

export type TipShareResult =
  | { ok: true; lines: TipShareLine[]; employees: TipEmployeeTotal[] }
  | { ok: false; error: string };

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const hundredths = (value: number | undefined) => Math.max(0, Math.round((value ?? 0) * 100));

function mergeEntries(entries: readonly TipWorkEntry[]): TipWorkEntry[] | string {
  const byEmployeeDay = new Map<string, TipWorkEntry>();
  for (const entry of entries) {
    const key = `${entry.employeeId}\u0000${entry.day}`;
    const seen = byEmployeeDay.get(key);
    if (!seen) {
      byEmployeeDay.set(key, { ...entry, cashHeldCents: entry.cashHeldCents ?? 0 });
    } else if (seen.poolId !== entry.poolId || seen.roleId !== entry.roleId) {
      const where = seen.poolId !== entry.poolId ? 'two tip pools' : 'two roles of a tip pool';
      return `Employee ${entry.employeeId} is in ${where} on ${entry.day}`;
    } else {
      seen.workedMs += entry.workedMs;
      seen.cashHeldCents = sumCents([seen.cashHeldCents ?? 0, entry.cashHeldCents ?? 0]);
    }
  }
  return [...byEmployeeDay.values()].sort(
    (a, b) => compare(a.day, b.day) || compare(a.poolId, b.poolId) || compare(a.employeeId, b.employeeId),
  );
}

function personWeight(pool: TipPoolDay, role: TipPoolRole, entry: TipWorkEntry): number {
  if (!(entry.workedMs > 0)) return 0;
  if (pool.basis === 'hours') return Math.round(entry.workedMs);
  if (pool.basis === 'points') return hundredths(role.points);
  return 1;
}

/**
 * Cents per employee of one pool-day, or null when nobody can take them. Roles with nobody of
 * positive weight drop out of the role split, so their part goes to the other roles in proportion
 * to those roles' own shares.
 */
function splitPool(
  amount: number,
  pool: TipPoolDay,
  people: ReadonlyArray<{ entry: TipWorkEntry; role: TipPoolRole; weight: number }>,
): Map<string, number> | null {
  const cents = new Map<string, number>();
  const put = (parts: ReturnType<typeof allocateByLargestRemainder>) => {
    for (const part of parts ?? []) cents.set(part.key, part.amount);
    return parts !== null;
  };
  const weighted = (list: typeof people): WeightedKey[] =>
    list.map((p) => ({ key: p.entry.employeeId, weight: p.weight }));
  if (!pool.roles.some((role) => role.share !== undefined)) {
    return put(allocateByLargestRemainder(amount, weighted(people))) ? cents : null;
  }
  const staffed = pool.roles.filter((role) =>
    people.some((p) => p.role.roleId === role.roleId && p.weight > 0),
  );
  const roleParts = allocateByLargestRemainder(
    amount,
    staffed.map((role) => ({ key: role.roleId, weight: hundredths(role.share) })),
  );
  if (!roleParts) return null;
  for (const part of roleParts) {
    put(allocateByLargestRemainder(part.amount, weighted(people.filter((p) => p.role.roleId === part.key))));
  }
  return cents;
}

/**
 * Splits every pool-day's tips. An employee may appear in one pool and one role per day: a second
 * pool or role that day is an error, never a double share. Roles not listed in the pool, or with
 * sharesTips false, get nothing; a pool-day whose tips nobody can take is an error.
 */
export function shareTips(pools: readonly TipPoolDay[], entries: readonly TipWorkEntry[]): TipShareResult {
  const merged = mergeEntries(entries);
  if (typeof merged === 'string') return { ok: false, error: merged };
  const poolDays = new Map<string, TipPoolDay>();
  for (const pool of pools) {
    const key = `${pool.poolId}\u0000${pool.day}`;
    if (poolDays.has(key))
      return { ok: false, error: `Tip pool ${pool.poolId} is listed twice on ${pool.day}` };
    poolDays.set(key, pool);
  }
  const lines: TipShareLine[] = [];
  const sortedPools = [...poolDays.values()].sort(
    (a, b) => compare(a.day, b.day) || compare(a.poolId, b.poolId),
  );
  for (const pool of sortedPools) {
    const people = merged
      .filter((e) => e.poolId === pool.poolId && e.day === pool.day)
      .map((entry) => {
        const role = pool.roles.find((r) => r.roleId === entry.roleId && r.sharesTips !== false);
        return {
          entry,
          role: role ?? { roleId: entry.roleId },
          weight: role ? personWeight(pool, role, entry) : 0,
        };
      });
    const card = splitPool(pool.cardTipsCents, pool, people);
    const cash = splitPool(pool.cashTipsCents, pool, people);
    if (!card || !cash) {
      return { ok: false, error: `Nobody who shares tips worked in tip pool ${pool.poolId} on ${pool.day}` };
    }
    for (const { entry } of people) {
      lines.push({
        day: pool.day,
        poolId: pool.poolId,
        employeeId: entry.employeeId,
        roleId: entry.roleId,
        workedMs: entry.workedMs,
        ccTip: card.get(entry.employeeId) ?? 0,
        cashTip: cash.get(entry.employeeId) ?? 0,
      });
    }
  }
  return { ok: true, lines, employees: employeeTotals(lines, merged) };
}

function employeeTotals(
  lines: readonly TipShareLine[],
  entries: readonly TipWorkEntry[],
): TipEmployeeTotal[] {
  const totals = new Map<string, TipEmployeeTotal>();
  const of = (employeeId: string) => {
    let total = totals.get(employeeId);
    if (!total) {
      total = { employeeId, workedMs: 0, ccTip: 0, cashTip: 0, totalAmount: 0, cashHeld: 0, cashTipOwed: 0 };
      totals.set(employeeId, total);
    }
    return total;
  };
  // Entries without a pool-day still hold cash (a manager holding the jar hands it all back).
  for (const entry of entries) {
    const total = of(entry.employeeId);
    total.workedMs += entry.workedMs;
    total.cashHeld += entry.cashHeldCents ?? 0;
  }
  for (const line of lines) {
    const total = of(line.employeeId);
    total.ccTip += line.ccTip;
    total.cashTip += line.cashTip;
  }
  return [...totals.values()]
    .map((t) => ({ ...t, totalAmount: t.ccTip + t.cashTip, cashTipOwed: t.cashTip - t.cashHeld }))
    .sort((a, b) => compare(a.employeeId, b.employeeId));
}
