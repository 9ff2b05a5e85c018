import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import { type FontWeight, fontFiles } from './fonts.ts';

// One way to write a PDF for every document the product makes: A4 or Letter pages, text in
// embedded Unicode fonts, each character drawn with the first font that has it. Invisible
// format characters (zero-width spaces and joiners, direction marks) are left out of the drawn
// text; they have no glyph and would print as boxes.

export interface TextStyle {
  size?: number;
  weight?: FontWeight;
  color?: [number, number, number];
}

interface Run {
  text: string;
  font: PDFFont;
}

const FORMAT_CHARS = /\p{Cf}/gu;
const INK: [number, number, number] = [0.1, 0.1, 0.12];

/** A document being written: fonts embedded once, pages added as needed. */
export class PdfWriter {
  private constructor(
    readonly doc: PDFDocument,
    private readonly fonts: Record<FontWeight, PDFFont[]>,
  ) {}

  static async create(meta: { title: string; author?: string }): Promise<PdfWriter> {
    const doc = await PDFDocument.create();
    doc.registerFontkit(fontkit);
    doc.setTitle(meta.title);
    if (meta.author) doc.setAuthor(meta.author);
    doc.setProducer('opsuite');
    const embed = (weight: FontWeight) =>
      Promise.all(fontFiles(weight).map((bytes) => doc.embedFont(bytes, { subset: true })));
    const [regular, bold] = await Promise.all([embed('regular'), embed('bold')]);
    return new PdfWriter(doc, { regular, bold });
  }

  addPage(size: 'a4' | 'letter' = 'letter'): PDFPage {
    return this.doc.addPage(size === 'a4' ? [595, 842] : [612, 792]);
  }

  /** The text cut into runs, each in the first font that has its characters. */
  private runs(text: string, weight: FontWeight): Run[] {
    const fonts = this.fonts[weight];
    const out: Run[] = [];
    for (const char of text.replace(FORMAT_CHARS, '')) {
      const code = char.codePointAt(0)!;
      const font = fonts.find((f) => hasGlyph(f, code)) ?? fonts[0]!;
      const last = out[out.length - 1];
      if (last && last.font === font) last.text += char;
      else out.push({ text: char, font });
    }
    return out;
  }

  widthOf(text: string, style: TextStyle = {}): number {
    const size = style.size ?? 11;
    return this.runs(text, style.weight ?? 'regular').reduce(
      (sum, r) => sum + r.font.widthOfTextAtSize(r.text, size),
      0,
    );
  }

  /** Draws one line of text at (x, y); answers its width. */
  text(page: PDFPage, text: string, x: number, y: number, style: TextStyle = {}): number {
    const size = style.size ?? 11;
    const color = rgb(...(style.color ?? INK));
    let at = x;
    for (const run of this.runs(text, style.weight ?? 'regular')) {
      page.drawText(run.text, { x: at, y, size, font: run.font, color });
      at += run.font.widthOfTextAtSize(run.text, size);
    }
    return at - x;
  }

  /** Draws text ending at `right`. */
  textRight(page: PDFPage, text: string, right: number, y: number, style: TextStyle = {}): void {
    this.text(page, text, right - this.widthOf(text, style), y, style);
  }

  /** The text broken at spaces into lines no wider than `width`. */
  wrap(text: string, width: number, style: TextStyle = {}): string[] {
    const lines: string[] = [];
    let line = '';
    for (const word of text.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (line && this.widthOf(next, style) > width) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    if (line) lines.push(line);
    return lines;
  }

  line(page: PDFPage, from: [number, number], to: [number, number], thickness = 0.5, gray = 0.6): void {
    page.drawLine({
      start: { x: from[0], y: from[1] },
      end: { x: to[0], y: to[1] },
      thickness,
      color: rgb(gray, gray, gray),
    });
  }

  save(): Promise<Uint8Array> {
    return this.doc.save();
  }
}

/** Whether the embedded font has a glyph for the code point (fontkit's font under pdf-lib's). */
function hasGlyph(font: PDFFont, code: number): boolean {
  const inner = (font as unknown as { embedder?: { font?: { hasGlyphForCodePoint(c: number): boolean } } })
    .embedder?.font;
  return inner?.hasGlyphForCodePoint(code) ?? false;
}
