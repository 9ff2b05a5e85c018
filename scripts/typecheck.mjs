#!/usr/bin/env node
// npm run typecheck: every TypeScript project, as many at once as there are cores (each tsc uses
// one); each project's output is printed whole when it ends. Exits 1 if any project has errors.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// Slowest first, so the last one to start is a short one.
const projects = ['apps/web', 'apps/server', 'bench', 'packages/shared'];
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');

function check(project) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const child = spawn(process.execPath, [tsc, '--noEmit', '-p', project], { cwd: root });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => {
      const s = ((performance.now() - t0) / 1000).toFixed(1);
      console.log(`tsc -p ${project}: ${code === 0 ? 'no errors' : 'ERRORS'} (${s} s)`);
      if (output.trim()) console.log(output.trimEnd());
      resolve(code === 0);
    });
  });
}

const queue = [...projects];
let ok = true;
const lanes = Array.from({ length: Math.min(availableParallelism(), projects.length) }, async () => {
  for (let project = queue.shift(); project; project = queue.shift()) {
    if (!(await check(project))) ok = false;
  }
});
await Promise.all(lanes);
process.exit(ok ? 0 : 1);
