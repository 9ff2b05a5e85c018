import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { PdfWriter } from './index.ts';

describe('PdfWriter', () => {
  it('writes names in any script without failing, keeping the exact text in the title', async () => {
    const name = 'Zoë 😀 山田太郎 a\u200bb \u200fשלום\u202e Łódź';
    const w = await PdfWriter.create({ title: `Pay stub ${name}` });
    const page = w.addPage();
    const width = w.text(page, name, 50, 700, { weight: 'bold', size: 14 });
    expect(width).toBeGreaterThan(0);
    expect(w.wrap(`${name} ${name}`, 80).length).toBeGreaterThan(1);
    const loaded = await PDFDocument.load(await w.save());
    expect(loaded.getPageCount()).toBe(1);
    expect(loaded.getTitle()).toBe(`Pay stub ${name}`);
  });

  it('measures format characters as nothing and Latin Extended with its own glyphs', async () => {
    const w = await PdfWriter.create({ title: 't' });
    expect(w.widthOf('ab')).toBeCloseTo(w.widthOf('a\u200bb'));
    expect(w.widthOf('Łódź')).toBeGreaterThan(0);
  });
});
