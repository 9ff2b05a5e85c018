import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

// The fonts every document embeds: Noto Sans from @fontsource/noto-sans, its Latin and Latin
// Extended parts (about 95 KB for both weights), subset into each PDF so a file carries only the
// glyphs it uses. Text in scripts these do not cover (Japanese, emoji, Hebrew) prints as the
// missing-glyph box instead of failing; the document's title keeps the text exactly.

export type FontWeight = 'regular' | 'bold';

const FILES: Record<FontWeight, readonly string[]> = {
  regular: ['noto-sans-latin-400-normal.woff', 'noto-sans-latin-ext-400-normal.woff'],
  bold: ['noto-sans-latin-700-normal.woff', 'noto-sans-latin-ext-700-normal.woff'],
};

const require = createRequire(import.meta.url);
const cache = new Map<string, Uint8Array>();

/** The weight's font files, first choice first, read once per process. */
export function fontFiles(weight: FontWeight): Uint8Array[] {
  return FILES[weight].map((name) => {
    let bytes = cache.get(name);
    if (!bytes) {
      bytes = readFileSync(require.resolve(`@fontsource/noto-sans/files/${name}`));
      cache.set(name, bytes);
    }
    return bytes;
  });
}
