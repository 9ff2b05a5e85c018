import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertKey, type FileStore, type StoredFile } from './file-store.ts';

/** Files under one folder (DATA_DIR/files): the embedded default, for a single machine. */
export class DiskFileStore implements FileStore {
  readonly kind = 'disk' as const;
  constructor(private readonly root: string) {}

  private pathOf(key: string) {
    assertKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, body: Buffer | Readable, _contentType: string): Promise<void> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Written beside and renamed into place, so a reader never sees half a file.
    const temp = `${file}.${process.pid}.${Date.now()}.part`;
    try {
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(temp));
      await rename(temp, file);
    } catch (e) {
      await unlink(temp).catch(() => undefined);
      throw e;
    }
  }

  async get(key: string): Promise<StoredFile | null> {
    const file = this.pathOf(key);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    return { body: createReadStream(file), size: info.size, contentType: undefined };
  }

  async delete(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((k) => unlink(this.pathOf(k)).catch(() => undefined)));
  }
}
