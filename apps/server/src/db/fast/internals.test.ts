import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { INTERNALS, missingInternals } from './internals.ts';
import './pg-cork.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../../..');
const json = (file: string) => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8'));

describe('the private internals of pg and drizzle-orm that db/fast relies on', () => {
  it('are all still there', async () => {
    // On failure the list names each internal that is gone and what relies on it (README.md).
    expect(await missingInternals()).toEqual([]);
  });

  it('belong to the exact versions the server pins', () => {
    const declared = json('apps/server/package.json').dependencies as Record<string, string>;
    for (const name of ['pg', 'drizzle-orm']) {
      expect(declared[name], `${name} must be pinned to an exact version`).toMatch(/^\d+\.\d+\.\d+$/);
      expect(json(`node_modules/${name}/package.json`).version, `installed ${name}`).toBe(declared[name]);
    }
  });

  it('name the internal that went missing', async () => {
    const proto = (pg as unknown as { Connection: { prototype: Record<string, unknown> } }).Connection
      .prototype;
    const send = proto._send;
    delete proto._send;
    try {
      expect(await missingInternals()).toEqual([
        expect.stringMatching(/^pg\.Connection\.prototype\._send \(/),
      ]);
    } finally {
      proto._send = send;
    }
    expect(INTERNALS.length).toBeGreaterThanOrEqual(7);
  });

  it('corking is installed on the driver', () => {
    const proto = (pg as unknown as { Connection: { prototype: { _send: { corking?: boolean } } } })
      .Connection.prototype;
    expect(proto._send.corking).toBe(true);
  });
});
