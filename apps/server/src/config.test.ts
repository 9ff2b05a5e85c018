import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('configuration', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'config-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('defaults to embedded PGlite with demo data and a secret generated once into the data directory', () => {
    const a = loadConfig({ DATA_DIR: dir });
    expect(a.databaseUrl).toBeUndefined();
    expect(a.seedDemo).toBe(true);
    expect(a.port).toBe(3000);
    expect(a.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(existsSync(path.join(dir, '.jwt-secret'))).toBe(true);
    expect(readFileSync(path.join(dir, '.jwt-secret'), 'utf8')).toBe(a.jwtSecret);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(a.jwtSecret);
  });

  it('uses a real server without demo data unless SEED_DEMO=1', () => {
    const c = loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://x@127.0.0.1/db' });
    expect(c.databaseUrl).toBe('postgres://x@127.0.0.1/db');
    expect(c.seedDemo).toBe(false);
    expect(loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://x@h/db', SEED_DEMO: '1' }).seedDemo).toBe(
      true,
    );
  });

  it('stops with a clear message when production lacks a secret', () => {
    expect(() => loadConfig({ DATA_DIR: dir, NODE_ENV: 'production' })).toThrow(/JWT_SECRET is required/);
    expect(() => loadConfig({ DATA_DIR: dir, NODE_ENV: 'production', JWT_SECRET: 'short' })).toThrow(
      /JWT_SECRET: JWT_SECRET must be at least 32 characters/,
    );
  });

  it('links in e-mails start at PUBLIC_URL, by default this server on its own port', () => {
    expect(loadConfig({ DATA_DIR: dir }).publicUrl).toBe('http://localhost:3000');
    expect(loadConfig({ DATA_DIR: dir, PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    const url = (v: Record<string, string>) => loadConfig({ DATA_DIR: dir, ...v }).publicUrl;
    expect(url({ PUBLIC_URL: 'https://gym.example.com/' })).toBe('https://gym.example.com');
    expect(url({ PUBLIC_URL: ' https://example.com/ops/ ' })).toBe('https://example.com/ops');
    // The older name still works; PUBLIC_URL wins when both are set.
    expect(url({ APP_URL: 'https://old.example.com' })).toBe('https://old.example.com');
    expect(url({ APP_URL: 'https://old.example.com', PUBLIC_URL: 'https://new.example.com' })).toBe(
      'https://new.example.com',
    );
    for (const bad of ['gym.example.com', 'ftp://example.com', 'https://example.com/?a=1', 'javascript:x']) {
      expect(() => url({ PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL: must be an http\(s\) address/);
    }
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ DATA_DIR: dir, PORT: 'abc' })).toThrow(/PORT/);
  });

  it('trusts no proxy unless TRUST_PROXY says which', () => {
    expect(loadConfig({ DATA_DIR: dir }).trustProxy).toBe(false);
    const trust = (v: string) => loadConfig({ DATA_DIR: dir, TRUST_PROXY: v }).trustProxy;
    expect(trust('')).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('true')).toBe(true);
    expect(trust('1')).toBe(true);
    expect(() => trust('2')).toThrow(/TRUST_PROXY: a hop count \(2\) is not supported/);
    expect(trust('10.0.0.1, 192.168.0.0/16,::1,fd00::/8,loopback')).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    expect(() => trust('10.0.0.0/33')).toThrow(/TRUST_PROXY: .*"10\.0\.0\.0\/33"/);
    expect(() => trust('yes')).toThrow(/TRUST_PROXY/);
    expect(() => trust('10.0.0.1,')).toThrow(/TRUST_PROXY/);
  });
});
