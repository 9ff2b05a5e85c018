import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_EXTENSIONS,
  fileExtension,
  fileKindFromName,
  IMAGE_EXTENSIONS,
  TEXT_EXTENSIONS,
  VIDEO_EXTENSIONS,
} from './file-kind.ts';

describe('extension lists', () => {
  it('match the specification exactly', () => {
    expect([...IMAGE_EXTENSIONS]).toEqual(['jpg', 'png', 'jpeg', 'bmp']);
    expect([...VIDEO_EXTENSIONS]).toEqual(['mp4', 'avi', 'mov', 'wmv']);
    expect([...DOCUMENT_EXTENSIONS]).toEqual(['pdf', 'docx', 'doc']);
    expect([...TEXT_EXTENSIONS]).toEqual(['txt']);
  });
});

describe('fileKindFromName', () => {
  it.each([
    ['photo.jpg', 'image'],
    ['photo.JPEG', 'image'],
    ['scan.Png', 'image'],
    ['old.bmp', 'image'],
    ['clip.mp4', 'video'],
    ['clip.AVI', 'video'],
    ['clip.mov', 'video'],
    ['clip.wmv', 'video'],
    ['contract.pdf', 'document'],
    ['letter.docx', 'document'],
    ['letter.DOC', 'document'],
    ['notes.txt', 'text'],
    ['archive.tar.gz', 'other'],
    ['image.gif', 'other'],
    ['sheet.xlsx', 'other'],
    ['README', 'other'],
    ['trailing.', 'other'],
    ['', 'other'],
  ] as const)('%j is %s', (name, kind) => {
    expect(fileKindFromName(name)).toBe(kind);
  });

  it('uses only the last dot', () => {
    expect(fileKindFromName('report.pdf.txt')).toBe('text');
    expect(fileKindFromName('movie.mp4.exe')).toBe('other');
  });

  it('reads URLs by their last path segment, ignoring query and fragment', () => {
    expect(fileKindFromName('https://cdn.example.com/files/a.jpg?w=200&h=100')).toBe('image');
    expect(fileKindFromName('/data/files/doc.pdf#page=2')).toBe('document');
    expect(fileKindFromName('/data/v1.2/README')).toBe('other');
  });

  it('treats null and undefined as other', () => {
    expect(fileKindFromName(null)).toBe('other');
    expect(fileKindFromName(undefined)).toBe('other');
  });
});

describe('fileExtension', () => {
  it('returns the lower-case extension or empty', () => {
    expect(fileExtension('A.B.JPG')).toBe('jpg');
    expect(fileExtension(' spaced.PDF ')).toBe('pdf');
    expect(fileExtension('noext')).toBe('');
    expect(fileExtension(null)).toBe('');
  });
});
