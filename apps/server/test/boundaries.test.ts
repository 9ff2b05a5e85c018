import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkTree, findCycles, SERVER_RULES, WEB_RULES } from './module-graph.ts';
import { documentedDependencies } from './module-table.ts';
import { dataEdges, foreignTriggers } from './table-reads.ts';
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

  it("reads another module's tables only downward: a table named in SQL is an edge, and no cycle", () => {
    const modulesDir = path.join(repo, 'apps/server/src/modules');
    const edges = checkTree(path.join(repo, 'apps/server/src'), SERVER_RULES).edges;
    for (const e of dataEdges(modulesDir)) {
      if (!edges.has(e.from)) edges.set(e.from, new Set());
      edges.get(e.from)!.add(e.to);
    }
    const reads = dataEdges(modulesDir);
    const cycles = findCycles(edges).map((c) => {
      const why = c.slice(1).map((to, i) => {
        const from = c[i]!;
        const read = reads.find((r) => r.from === from && r.to === to);
        return read ? `${from} reads ${to}.${read.table} in ${read.file}` : `${from} imports ${to}`;
      });
      return why.join('; ');
    });
    expect(cycles).toEqual([]);
  });

  it("puts no trigger on another module's table", () => {
    const triggers = foreignTriggers(path.join(repo, 'apps/server/src/modules'));
    expect(triggers.map((t) => `${t.module}: ${t.trigger} on ${t.table} (owned by ${t.owner})`)).toEqual([]);
  });

  it("docs/architecture.md's module table lists each module's dependencies as the code has them", () => {
    const modulesDir = path.join(repo, 'apps/server/src/modules');
    const edges = checkTree(path.join(repo, 'apps/server/src'), SERVER_RULES).edges;
    for (const e of dataEdges(modulesDir)) {
      if (!edges.has(e.from)) edges.set(e.from, new Set());
      edges.get(e.from)!.add(e.to);
    }
    const documented = documentedDependencies(path.join(repo, 'docs/architecture.md'), modulesDir);
    const actual = Object.fromEntries(
      Object.keys(documented).map((m) => [m, [...(edges.get(m) ?? [])].sort()]),
    );
    expect(documented).toEqual(actual);
  });

  it('the web reaches another feature only through its index.ts, and has no feature cycle', () => {
    const report = checkTree(path.join(repo, 'apps/web/src'), WEB_RULES);
    expect(report.files).toBeGreaterThan(50);
    expect(report.violations.map(format)).toEqual([]);
    expect(report.cycles.map((c) => c.join(' -> '))).toEqual([]);
  });

  it('the contacts and home features import no other feature: others fill their slots instead', () => {
    const report = checkTree(path.join(repo, 'apps/web/src'), WEB_RULES);
    expect([...(report.edges.get('contacts') ?? [])]).toEqual([]);
    expect([...(report.edges.get('home') ?? [])]).toEqual([]);
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
