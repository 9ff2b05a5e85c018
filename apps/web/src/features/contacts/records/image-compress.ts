import { type FileKind, fileKindFromName } from '@opsuite/shared/rules/file-kind';

// Images over 250 KB are compressed in the browser to about 0.08 MB before upload. The canvas re-encodes as JPEG, lowering quality first and then the size of the picture.

export const COMPRESS_THRESHOLD_BYTES = 250 * 1024;
export const COMPRESS_TARGET_BYTES = Math.round(0.08 * 1024 * 1024);
const MAX_SIDE = 1920;
const QUALITIES = [0.8, 0.65, 0.5, 0.4];
const MAX_ROUNDS = 6;

export function needsCompression(file: { name: string; size: number }): boolean {
  return fileKindFromName(file.name) === 'image' && file.size > COMPRESS_THRESHOLD_BYTES;
}

async function loadPicture(
  file: Blob,
): Promise<{ source: CanvasImageSource; width: number; height: number }> {
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(file);
    return { source: bitmap, width: bitmap.width, height: bitmap.height };
  }
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return { source: image, width: image.naturalWidth, height: image.naturalHeight };
  } finally {
    URL.revokeObjectURL(url);
  }
}

function encode(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The browser could not encode the image'))),
      'image/jpeg',
      quality,
    );
  });
}

/** The smallest JPEG found on the way down to the target size. Throws when the canvas fails. */
export async function compressImage(file: Blob, target = COMPRESS_TARGET_BYTES): Promise<Blob> {
  const picture = await loadPicture(file);
  if (!picture.width || !picture.height) throw new Error('The image has no size');
  let scale = Math.min(1, MAX_SIDE / Math.max(picture.width, picture.height));
  let best: Blob | null = null;
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(picture.width * scale));
    canvas.height = Math.max(1, Math.round(picture.height * scale));
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No canvas in this browser');
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(picture.source, 0, 0, canvas.width, canvas.height);
    for (const quality of QUALITIES) {
      const blob = await encode(canvas, quality);
      if (!best || blob.size < best.size) best = blob;
      if (blob.size <= target) return blob;
    }
    scale *= 0.7;
  }
  if (!best) throw new Error('The image could not be compressed');
  return best;
}

export interface PreparedUpload {
  blob: Blob;
  fileName: string;
  kind: FileKind;
  compressed: boolean;
}

/**
 * What to send for a chosen file: large images compressed (renamed .jpg, since the bytes are now
 * JPEG); on failure `onCompressionFailed` runs and the original is sent.
 */
export async function prepareUpload(
  file: File,
  onCompressionFailed: () => void,
  compress: (file: Blob) => Promise<Blob> = compressImage,
): Promise<PreparedUpload> {
  const kind = fileKindFromName(file.name);
  if (!needsCompression(file)) return { blob: file, fileName: file.name, kind, compressed: false };
  try {
    const blob = await compress(file);
    if (blob.size >= file.size) return { blob: file, fileName: file.name, kind, compressed: false };
    const fileName = `${file.name.replace(/\.[^.]+$/, '')}.jpg`;
    return { blob, fileName, kind, compressed: true };
  } catch {
    onCompressionFailed();
    return { blob: file, fileName: file.name, kind, compressed: false };
  }
}
