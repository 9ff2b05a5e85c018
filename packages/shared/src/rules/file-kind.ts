// The kind of an attachment comes from its extension only; the server never sniffs
// content for this, so the same answer is given before and after upload.
export const IMAGE_EXTENSIONS = ['jpg', 'png', 'jpeg', 'bmp'] as const;
export const VIDEO_EXTENSIONS = ['mp4', 'avi', 'mov', 'wmv'] as const;
export const DOCUMENT_EXTENSIONS = ['pdf', 'docx', 'doc'] as const;
export const TEXT_EXTENSIONS = ['txt'] as const;

export type FileKind = 'image' | 'video' | 'document' | 'text' | 'other';

const KIND_BY_EXTENSION: ReadonlyMap<string, FileKind> = new Map<string, FileKind>([
  ...IMAGE_EXTENSIONS.map((ext) => [ext, 'image'] as const),
  ...VIDEO_EXTENSIONS.map((ext) => [ext, 'video'] as const),
  ...DOCUMENT_EXTENSIONS.map((ext) => [ext, 'document'] as const),
  ...TEXT_EXTENSIONS.map((ext) => [ext, 'text'] as const),
]);

/**
 * Lower-case extension without the dot, or '' when there is none. Stored files are often
 * referred to by URL, so a query string or fragment is ignored and only the last path segment
 * counts (a dot in a folder name is not an extension).
 */
export function fileExtension(name: string | null | undefined): string {
  if (!name) return '';
  const path = name.trim().replace(/[?#].*$/, '');
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  if (dot < 0 || dot === base.length - 1) return '';
  return base.slice(dot + 1).toLowerCase();
}

export function fileKindFromName(name: string | null | undefined): FileKind {
  return KIND_BY_EXTENSION.get(fileExtension(name)) ?? 'other';
}
