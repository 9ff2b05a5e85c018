import type { Readable } from 'node:stream';

// One place for the bytes of every uploaded or generated file (contact files, screenshots,
// documents, images): a key such as `contacts/<organisation>/<file id>.pdf` names the file in
// whichever store the deployment uses. The data directory on disk is the embedded default; a
// deployment with more than one API machine sets FILE_STORE=s3 and every machine sees the same
// files. Rows in the database keep the key; the store keeps nothing else.

export interface StoredFile {
  body: Readable;
  size: number;
  contentType: string | undefined;
}

export interface FileStore {
  readonly kind: 'disk' | 's3';
  /** Writes the whole file under `key`, replacing what was there. */
  put(key: string, body: Buffer | Readable, contentType: string): Promise<void>;
  /** The file, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the files; a missing one is not an error. */
  delete(keys: readonly string[]): Promise<void>;
}

/** A key is made of safe segments only: no `..`, no leading slash, no backslash. */
export function assertKey(key: string): void {
  if (
    !/^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/.test(key) ||
    key.split('/').some((s) => s === '..' || s === '.')
  ) {
    throw new Error(`Not a file key: ${key}`);
  }
}
