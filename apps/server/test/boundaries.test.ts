import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkTree, findCycles, SERVER_RULES, WEB_RULES } from './module-graph.ts';
import { foreignTableWrites } from './table-writes.ts';

const repo = path.resolve(import.meta.dirname, '../../..');
const format = (v: { from: string; to: string; rule: string }) => `${v.from} -> ${v.to}: ${v.rule}`;

describe('module boundaries', () => {
  it('the server reaches another module only through its index.ts or *.tables.ts, and has no module cycle', () => {
    const report = checkTree(path.join(repo, 'apps/server/src'), SERVER_RULES);
    expect(report.files).toBeGreaterThan(50);
    expect(report.violations.map(format)).toEqual([]);
    expect(report.cycles.map((c) => c.join(' -> '))).toEqual([]);
  });

  it('the web reaches another feature only through its index.ts, and has no feature cycle', () => {
    const report = checkTree(path.join(repo, 'apps/web/src'), WEB_RULES);
    expect(report.files).toBeGreaterThan(50);
    expect(report.violations.map(format)).toEqual([]);
    expect(report.cycles.map((c) => c.join(' -> '))).toEqual([]);
  });

  it("no module writes another module's tables, in SQL or through Drizzle", () => {
    const writes = foreignTableWrites(path.join(repo, 'apps/server/src/modules'));
    expect(writes.map((w) => `${w.file} writes ${w.table} (owned by ${w.owner})`)).toEqual([]);
  });

  it('finds a loop of any length once', () => {
    const edges = new Map([
      ['a', new Set(['b'])],
      ['b', new Set(['c'])],
      ['c', new Set(['a', 'd'])],
      ['d', new Set<string>()],
      ['e', new Set(['f'])],
      ['f', new Set(['e'])],
    ]);
    expect(findCycles(edges)).toEqual([
      ['a', 'b', 'c', 'a'],
      ['e', 'f', 'e'],
    ]);
  });
});
