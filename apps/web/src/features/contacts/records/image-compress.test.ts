import { describe, expect, it, vi } from 'vitest';
import { COMPRESS_THRESHOLD_BYTES, needsCompression, prepareUpload } from './image-compress';

const bytes = (n: number) => new Uint8Array(n);

describe('image compression before upload', () => {
  it('compresses only images over 250 KB', () => {
    expect(needsCompression({ name: 'a.jpg', size: COMPRESS_THRESHOLD_BYTES + 1 })).toBe(true);
    expect(needsCompression({ name: 'a.jpg', size: COMPRESS_THRESHOLD_BYTES })).toBe(false);
    expect(needsCompression({ name: 'a.pdf', size: 5_000_000 })).toBe(false);
  });

  it('sends the smaller JPEG, named .jpg, with the kind from the extension', async () => {
    const file = new File([bytes(400_000)], 'photo.PNG');
    const failed = vi.fn();
    const prepared = await prepareUpload(file, failed, async () => new Blob([bytes(80_000)]));
    expect(prepared).toMatchObject({ fileName: 'photo.jpg', kind: 'image', compressed: true });
    expect(prepared.blob.size).toBe(80_000);
    expect(failed).not.toHaveBeenCalled();
  });

  it("says 'Image Compression Failed' and sends the original when compression fails", async () => {
    const file = new File([bytes(400_000)], 'scan.bmp');
    const failed = vi.fn();
    const prepared = await prepareUpload(file, failed, () => Promise.reject(new Error('no canvas')));
    expect(failed).toHaveBeenCalledOnce();
    expect(prepared).toMatchObject({ blob: file, fileName: 'scan.bmp', kind: 'image', compressed: false });
  });

  it('leaves documents alone', async () => {
    const file = new File([bytes(10)], 'contract.pdf');
    const compress = vi.fn();
    const prepared = await prepareUpload(file, vi.fn(), compress);
    expect(compress).not.toHaveBeenCalled();
    expect(prepared.kind).toBe('document');
  });
});
