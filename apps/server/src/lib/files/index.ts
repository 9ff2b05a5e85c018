import type { FileStoreConfig } from '../../config.ts';
import { DiskFileStore } from './disk-store.ts';
import type { FileStore } from './file-store.ts';
import { S3FileStore } from './s3-store.ts';

export { DiskFileStore } from './disk-store.ts';
export { assertKey, type FileStore, type StoredFile } from './file-store.ts';
export { attachmentHeader, DEFAULT_LINK_SECONDS, FileLinks, type LinkOptions } from './links.ts';
export { S3FileStore, type S3Settings } from './s3-store.ts';

/** The store the configuration names. */
export function createFileStore(c: FileStoreConfig): FileStore {
  if (c.kind === 'disk') return new DiskFileStore(c.root);
  return new S3FileStore({
    bucket: c.bucket,
    region: c.region,
    endpoint: c.endpoint,
    accessKeyId: c.accessKeyId,
    secretAccessKey: c.secretAccessKey,
    forcePathStyle: c.forcePathStyle,
  });
}
