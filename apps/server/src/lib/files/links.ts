import { createHmac, timingSafeEqual } from 'node:crypto';
import { assertKey, type FileStore } from './file-store.ts';
import { attachmentHeader, S3FileStore } from './s3-store.ts';

// Signed, expiring download links for files the browser fetches itself (an <a href>, an <img>):
// the link is the credential, so it names one file, its download name and type, and an expiry,
// under an HMAC of the server's secret. On S3 the bucket serves a presigned URL; on disk the app
// serves GET /api/files/download?token=<token>.

export interface LinkOptions {
  fileName: string;
  contentType: string;
  /** How long the link works; five minutes unless said. */
  seconds?: number;
}

interface Claims {
  k: string;
  n: string;
  t: string;
  e: number;
}

export const DEFAULT_LINK_SECONDS = 300;

export class FileLinks {
  constructor(
    private readonly store: FileStore,
    private readonly secret: string,
  ) {}

  private mac(body: string) {
    return createHmac('sha256', `files:${this.secret}`).update(body).digest('base64url');
  }

  /** A link to the file, relative to the app (disk) or absolute (S3). */
  async link(key: string, opts: LinkOptions, now = Date.now()): Promise<string> {
    assertKey(key);
    const seconds = opts.seconds ?? DEFAULT_LINK_SECONDS;
    if (this.store instanceof S3FileStore) {
      return this.store.presignedGet(key, seconds, opts.fileName, opts.contentType);
    }
    const claims: Claims = {
      k: key,
      n: opts.fileName,
      t: opts.contentType,
      e: Math.floor(now / 1000) + seconds,
    };
    const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `/api/files/download?token=${body}.${this.mac(body)}`;
  }

  /** What a token grants, or null when it is forged, malformed or expired. */
  verify(token: string, now = Date.now()): { key: string; fileName: string; contentType: string } | null {
    const [body, mac, extra] = token.split('.');
    if (!body || !mac || extra !== undefined) return null;
    const want = Buffer.from(this.mac(body));
    const got = Buffer.from(mac);
    if (want.length !== got.length || !timingSafeEqual(want, got)) return null;
    let claims: Claims;
    try {
      claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Claims;
    } catch {
      return null;
    }
    if (typeof claims.e !== 'number' || claims.e * 1000 < now) return null;
    return { key: claims.k, fileName: claims.n, contentType: claims.t };
  }
}

export { attachmentHeader };
