import { SignJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { Revocations, TokenSigner } from './tokens.ts';

const SECRET = 'test-secret-test-secret-test-secret-0123456789';
const signer = new TokenSigner(SECRET, 900);
const key = new TextEncoder().encode(SECRET);
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

async function codeOf(p: Promise<unknown>) {
  try {
    await p;
    return 'accepted';
  } catch (err) {
    return (err as { code?: string }).code;
  }
}

describe('access and device tokens', () => {
  it('accepts what it signed, with its kind, subject and organisation', async () => {
    const token = await signer.sign({ sub: 'u1', typ: 'access', org: 'o1' });
    expect(await signer.verify(token, 'access')).toEqual({ sub: 'u1', typ: 'access', org: 'o1' });
    expect(await codeOf(signer.verify(token, 'device'))).toBe('UNAUTHENTICATED');
  });

  it('refuses a changed payload, another key, a changed signature and garbage', async () => {
    const token = await signer.sign({ sub: 'u1', typ: 'access' });
    const [h, p, s] = token.split('.') as [string, string, string];
    const forged = `${h}.${b64({ ...JSON.parse(Buffer.from(p, 'base64url').toString()), sub: 'admin' })}.${s}`;
    const other = await new TokenSigner(`${SECRET}x`, 900).sign({ sub: 'u1', typ: 'access' });
    const flipped = `${h}.${p}.${s.slice(0, -2)}${s.endsWith('A') ? 'B' : 'A'}A`;
    for (const bad of [
      forged,
      other,
      flipped,
      'abc',
      `${h}.${p}`,
      `${h}.${p}.`,
      '..',
      `${b64('x')}.${p}.${s}`,
    ]) {
      expect(await codeOf(signer.verify(bad, 'access'))).toBe('UNAUTHENTICATED');
    }
  });

  it('refuses alg none, another issuer and a token with no expiry; an expired one says so', async () => {
    const none = `${b64({ alg: 'none' })}.${b64({ sub: 'u1', typ: 'access', iss: 'opsuite', exp: 9e9 })}.`;
    const sign = (claims: Record<string, unknown>, exp?: number) => {
      const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setSubject('u1');
      if (exp !== undefined) jwt.setExpirationTime(exp);
      return jwt.sign(key);
    };
    const now = Math.floor(Date.now() / 1000);
    expect(await codeOf(signer.verify(none, 'access'))).toBe('UNAUTHENTICATED');
    expect(await codeOf(signer.verify(await sign({ typ: 'access', iss: 'other' }, now + 60), 'access'))).toBe(
      'UNAUTHENTICATED',
    );
    expect(await codeOf(signer.verify(await sign({ typ: 'access', iss: 'opsuite' }), 'access'))).toBe(
      'UNAUTHENTICATED',
    );
    expect(
      await codeOf(signer.verify(await sign({ typ: 'access', iss: 'opsuite' }, now - 1), 'access')),
    ).toBe('TOKEN_EXPIRED');
    expect(
      await codeOf(signer.verify(await sign({ typ: 'access', iss: 'opsuite' }, now + 60), 'access')),
    ).toBe('accepted');
  });

  it('remembers a verified token but checks its kind and times on every use', async () => {
    vi.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') });
    try {
      const fresh = new TokenSigner(SECRET, 60);
      const token = await fresh.sign({ sub: 'u1', typ: 'device', org: 'o1' });
      expect(await fresh.verify(token, 'device')).toEqual({ sub: 'u1', typ: 'device', org: 'o1' });
      expect(await fresh.verify(token, 'device')).toEqual({ sub: 'u1', typ: 'device', org: 'o1' });
      expect(await codeOf(fresh.verify(token, 'access'))).toBe('UNAUTHENTICATED');
      vi.setSystemTime(new Date('2026-01-01T00:01:01Z'));
      expect(await codeOf(fresh.verify(token, 'device'))).toBe('TOKEN_EXPIRED');
      const now = Math.floor(Date.now() / 1000);
      const later = await new SignJWT({ typ: 'access', iss: 'opsuite' })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('u2')
        .setNotBefore(now + 30)
        .setExpirationTime(now + 600)
        .sign(key);
      expect(await codeOf(fresh.verify(later, 'access'))).toBe('UNAUTHENTICATED');
      vi.setSystemTime(new Date(Date.now() + 31_000));
      expect(await codeOf(fresh.verify(later, 'access'))).toBe('accepted');
      expect(await codeOf(fresh.verify(`${later.slice(0, -1)}x`, 'access'))).toBe('UNAUTHENTICATED');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('revocations held in memory', () => {
  it('refuse a revoked session’s access tokens, and only them', async () => {
    const signer = new TokenSigner(SECRET, 900);
    const ended = await signer.sign({ sub: 'u1', typ: 'access', sid: 's1' });
    const other = await signer.sign({ sub: 'u1', typ: 'access', sid: 's2' });
    expect(await signer.verify(ended, 'access')).toEqual({ sub: 'u1', typ: 'access', sid: 's1' });
    signer.revocations.add({ userId: 'u1', familyId: 's1', at: Date.now() });
    expect(await codeOf(signer.verify(ended, 'access'))).toBe('UNAUTHENTICATED');
    expect(await codeOf(signer.verify(other, 'access'))).toBe('accepted');
  });

  it('refuse every token of a revoked user issued up to the revocation’s second, none after', () => {
    const r = new Revocations(60_000);
    r.add({ userId: 'u1', familyId: null, at: 1_000_500 });
    expect(r.revoked('u1', 's9', 999)).toBe(true);
    expect(r.revoked('u1', 's9', 1_000)).toBe(true);
    expect(r.revoked('u1', undefined, undefined)).toBe(true);
    expect(r.revoked('u1', 's9', 1_001)).toBe(false);
    expect(r.revoked('u2', 's9', 999)).toBe(false);
    // An older revocation learnt later does not shorten a newer one.
    r.add({ userId: 'u1', familyId: null, at: 900_000 });
    expect(r.revoked('u1', 's9', 1_000)).toBe(true);
  });

  it('forget a revocation once every token it could refuse has expired', () => {
    const r = new Revocations(60_000);
    r.add({ userId: 'u1', familyId: 's1', at: 1_000_000 });
    r.add({ userId: 'u2', familyId: null, at: 1_000_000 });
    r.prune(1_059_999);
    expect(r.size).toBe(2);
    r.prune(1_060_000);
    expect(r.size).toBe(0);
    expect(r.revoked('u1', 's1', 0)).toBe(false);
  });
});
