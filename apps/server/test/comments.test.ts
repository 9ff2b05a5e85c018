import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The repository stands alone: a comment or a doc states the rule itself, never a section number
// of a document outside the repository (a section sign and a number). Migrations are history and
// keep their text.

const ROOT = path.resolve(import.meta.dirname, '../../..');
const DIRS = ['apps', 'packages', 'e2e', 'scripts', 'bench', 'docs'];
const SKIP = /(^|\/)(node_modules|dist|migrations|\.artifacts)(\/|$)/;
const TEXT = /\.(ts|tsx|mjs|js|md|sql|css)$/;
const CITATION = /\b(core|platform|spec)\s+§\s?\d|§\s?\d/i;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => TEXT.test(f) && !SKIP.test(f))
    .map((f) => path.join(dir, f));
}

describe('comments state rules', () => {
  it('no file cites a section of a document outside the repository', () => {
    const files = [...DIRS.flatMap((d) => filesUnder(path.join(ROOT, d))), path.join(ROOT, 'README.md')];
    expect(files.length).toBeGreaterThan(500);
    const found: string[] = [];
    for (const file of files) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (CITATION.test(line))
            found.push(`${path.relative(ROOT, file)}:${i + 1}: ${line.trim().slice(0, 100)}`);
        });
    }
    expect(found).toEqual([]);
  });
});
