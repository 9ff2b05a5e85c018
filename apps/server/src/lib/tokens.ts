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
}

const ISSUER = 'opsuite';
/** Verified tokens remembered (then the memory starts again): more than the kiosks and admins of a busy server. */
const VERIFIED_MAX = 10_000;

interface Verified {
  payload: Record<string, unknown>;
  exp: number;
  nbf: number | undefined;
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

  constructor(
    secret: string,
    private readonly accessTtlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
    this.hmacKey = createSecretKey(Buffer.from(this.key));
  }

  sign(claims: AccessClaims, ttlSeconds = this.accessTtlSeconds): Promise<string> {
    const jwt = new SignJWT({ typ: claims.typ, ...(claims.org ? { org: claims.org } : {}) })
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
   * quarter of a kiosk request's CPU. Same rules as signing: alg HS256, our issuer, not expired.
   */
  async verify(token: string, expected: TokenKind): Promise<AccessClaims> {
    const payload = this.verifiedPayload(token);
    if (payload.typ !== expected || typeof payload.sub !== 'string') throw unauthenticated('Invalid token');
    return {
      sub: payload.sub,
      typ: expected,
      org: typeof payload.org === 'string' ? payload.org : undefined,
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
