import { createHash, randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { AppError, unauthenticated } from './errors.ts';

export type TokenKind = 'access' | 'device';

export interface AccessClaims {
  sub: string;
  typ: TokenKind;
  org?: string;
}

const ISSUER = 'opsuite';

export class TokenSigner {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly accessTtlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
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

  async verify(token: string, expected: TokenKind): Promise<AccessClaims> {
    try {
      const { payload } = await jwtVerify(token, this.key, { issuer: ISSUER, algorithms: ['HS256'] });
      if (payload.typ !== expected || typeof payload.sub !== 'string') throw unauthenticated('Invalid token');
      return {
        sub: payload.sub,
        typ: expected,
        org: typeof payload.org === 'string' ? payload.org : undefined,
      };
    } catch (err) {
      if (err instanceof AppError) throw err;
      if (err instanceof errors.JWTExpired) throw new AppError('TOKEN_EXPIRED', 'Access token expired');
      throw unauthenticated('Invalid token');
    }
  }
}

/** Opaque random secret (refresh tokens, device credentials) and its stored hash. */
export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
