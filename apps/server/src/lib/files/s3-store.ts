import type { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertKey, type FileStore, type StoredFile } from './file-store.ts';

export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible endpoint (MinIO, R2, a local stand-in); AWS itself when absent. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

/** Files in S3-compatible object storage through the official AWS SDK, for several machines. */
export class S3FileStore implements FileStore {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  constructor(private readonly s: S3Settings) {
    this.client = new S3Client({
      region: s.region,
      endpoint: s.endpoint,
      forcePathStyle: s.forcePathStyle,
      credentials:
        s.accessKeyId && s.secretAccessKey
          ? { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey }
          : undefined,
    });
  }

  async put(key: string, body: Buffer | Readable, contentType: string): Promise<void> {
    assertKey(key);
    // A stream of unknown length goes up as one buffer: uploads are capped well below S3's
    // single-request limit by the routes that accept them.
    const bytes = Buffer.isBuffer(body) ? body : Buffer.concat(await body.toArray());
    await this.client.send(
      new PutObjectCommand({ Bucket: this.s.bucket, Key: key, Body: bytes, ContentType: contentType }),
    );
  }

  async get(key: string): Promise<StoredFile | null> {
    assertKey(key);
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.s.bucket, Key: key }));
      return {
        body: out.Body as Readable,
        size: Number(out.ContentLength ?? 0),
        contentType: out.ContentType,
      };
    } catch (e) {
      if (e instanceof NoSuchKey || (e as { name?: string }).name === 'NoSuchKey') return null;
      throw e;
    }
  }

  async delete(keys: readonly string[]): Promise<void> {
    for (const k of keys) assertKey(k);
    for (let i = 0; i < keys.length; i += 1000) {
      const batch = keys.slice(i, i + 1000);
      await this.client.send(
        new DeleteObjectsCommand({
          Bucket: this.s.bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
    }
  }

  /** A link the browser fetches straight from the bucket, valid for `seconds`. */
  presignedGet(key: string, seconds: number, fileName: string, contentType: string): Promise<string> {
    assertKey(key);
    return getSignedUrl(
      this.client,
      new GetObjectCommand({
        Bucket: this.s.bucket,
        Key: key,
        ResponseContentDisposition: attachmentHeader(fileName),
        ResponseContentType: contentType,
      }),
      { expiresIn: seconds },
    );
  }

  close() {
    this.client.destroy();
  }
}

/** RFC 6266 attachment header with an ASCII fallback and the exact UTF-8 name. */
export function attachmentHeader(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
