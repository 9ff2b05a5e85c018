import {
  createHash,
  createHmac,
  createSecretKey,
  type KeyObject,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { SignJWT } from 'jose';
import { AppError, unauthenticated } from './errors.ts';

export type TokenKind = 'access' | 'device';

export interface AccessClaims {
  sub: string;
  typ: TokenKind;
  org?: string;
  /** An access token's session: the refresh-token family it was issued with. */
  sid?: string;
}

const ISSUER = 'opsuite';
/** Verified tokens remembered (then the memory starts again): more than the kiosks and admins of a busy server. */
const VERIFIED_MAX = 10_000;

interface Verified {
  payload: Record<string, unknown>;
  exp: number;
  nbf: number | undefined;
}

/**
 * Access that was taken away: one session (a refresh-token family, `familyId`) or, with no
 * family, every token the user was issued up to `at` (milliseconds; an account deleted).
 */
export interface Revocation {
  userId: string;
  familyId: string | null;
  at: number;
}

/** Kept past the access-token lifetime by this much, for clocks that differ between servers. */
const CLOCK_MARGIN_MS = 60_000;

/**
 * The revocations still in force, held in memory so that the check on every request is two map
 * lookups and no database round trip. The auth module fills it (the revoking process at once,
 * the others by notification and a periodic catch-up read). A revocation is forgotten once every
 * token it could refuse has expired: one access-token lifetime after it, plus a margin.
 */
export class Revocations {
  /** Family id → when to forget it (ms). */
  private readonly families = new Map<string, number>();
  /** User id → tokens issued in or before this second are refused; when to forget it (ms). */
  private readonly users = new Map<string, { upTo: number; forget: number }>();

  constructor(private readonly keepMs: number) {}

  add(r: Revocation): void {
    const forget = r.at + this.keepMs;
    if (r.familyId) {
      this.families.set(r.familyId, Math.max(forget, this.families.get(r.familyId) ?? 0));
      return;
    }
    // Whole seconds, as a token's iat: a token issued in the same second as the revocation is
    // refused too (the account is gone, so no later token can be wanted).
    const upTo = Math.floor(r.at / 1000);
    const known = this.users.get(r.userId);
    if (!known || known.upTo < upTo) this.users.set(r.userId, { upTo, forget });
  }

  /** Whether a token of user `sub`, session `sid`, issued at `iat` (seconds) was revoked. */
  revoked(sub: string, sid: string | undefined, iat: number | undefined): boolean {
    if (sid !== undefined && this.families.has(sid)) return true;
    const user = this.users.get(sub);
    return user !== undefined && (iat ?? 0) <= user.upTo;
  }

  /** Drops what no live token can need any more. */
  prune(now = Date.now()): void {
    for (const [id, forget] of this.families) if (forget <= now) this.families.delete(id);
    for (const [id, u] of this.users) if (u.forget <= now) this.users.delete(id);
  }

  get size(): number {
    return this.families.size + this.users.size;
  }
}

export class TokenSigner {
  private readonly key: Uint8Array;
  private readonly hmacKey: KeyObject;
  /**
   * Tokens whose signature and claims were checked, by their exact text: a kiosk or a browser
   * sends the same token on every request, and checking its HMAC each time showed in every kiosk
   * request's profile (about 3% of the server's samples during a kiosk run).
   * The time checks still run on every use.
   */
  private readonly verified = new Map<string, Verified>();
  /** Access taken away before tokens expire; every access token is checked against it. */
  readonly revocations: Revocations;

  constructor(
    secret: string,
    readonly accessTtlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
    this.hmacKey = createSecretKey(Buffer.from(this.key));
    this.revocations = new Revocations(accessTtlSeconds * 1000 + CLOCK_MARGIN_MS);
  }

  sign(claims: AccessClaims, ttlSeconds = this.accessTtlSeconds): Promise<string> {
    const jwt = new SignJWT({
      typ: claims.typ,
      ...(claims.org ? { org: claims.org } : {}),
      ...(claims.sid ? { sid: claims.sid } : {}),
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds);
    return jwt.sign(this.key);
  }

  /**
   * Checks an HS256 token on every request. Done here with one synchronous HMAC and a
   * constant-time compare: the WebCrypto route (import the key, an async job per token) cost a
   * quarter of a kiosk request's CPU. Same rules as signing: alg HS256, our issuer, not expired,
   * and for an access token, not revoked (an in-memory lookup, on every use).
   */
  async verify(token: string, expected: TokenKind): Promise<AccessClaims> {
    const payload = this.verifiedPayload(token);
    if (payload.typ !== expected || typeof payload.sub !== 'string') throw unauthenticated('Invalid token');
    const sid = typeof payload.sid === 'string' ? payload.sid : undefined;
    if (
      expected === 'access' &&
      this.revocations.revoked(payload.sub, sid, typeof payload.iat === 'number' ? payload.iat : undefined)
    ) {
      throw unauthenticated();
    }
    return {
      sub: payload.sub,
      typ: expected,
      org: typeof payload.org === 'string' ? payload.org : undefined,
      ...(sid ? { sid } : {}),
    };
  }

  private verifiedPayload(token: string): Record<string, unknown> {
    const known = this.verified.get(token);
    if (known) return checkTimes(known);
    const parts = token.split('.');
    if (parts.length !== 3) throw unauthenticated('Invalid token');
    const [head, body, signature] = parts as [string, string, string];
    const expectedSignature = createHmac('sha256', this.hmacKey).update(`${head}.${body}`).digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expectedSignature.length || !timingSafeEqual(given, expectedSignature)) {
      throw unauthenticated('Invalid token');
    }
    const header = parseSegment(head);
    const payload = parseSegment(body);
    if (header.alg !== 'HS256' || header.crit !== undefined || payload.iss !== ISSUER) {
      throw unauthenticated('Invalid token');
    }
    if (typeof payload.exp !== 'number') throw unauthenticated('Invalid token');
    const checked = {
      payload,
      exp: payload.exp,
      nbf: typeof payload.nbf === 'number' ? payload.nbf : undefined,
    };
    checkTimes(checked);
    if (this.verified.size >= VERIFIED_MAX) this.verified.clear();
    this.verified.set(token, checked);
    return payload;
  }
}

/** Not expired and already valid, now. */
function checkTimes(v: Verified): Record<string, unknown> {
  const now = Math.floor(Date.now() / 1000);
  if (v.exp <= now) throw new AppError('TOKEN_EXPIRED', 'Access token expired');
  if (v.nbf !== undefined && v.nbf > now) throw unauthenticated('Invalid token');
  return v.payload;
}

function parseSegment(segment: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through: not JSON
  }
  throw unauthenticated('Invalid token');
}

/** Opaque random secret (refresh tokens, device credentials) and its stored hash. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
